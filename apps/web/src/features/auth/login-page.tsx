import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type LoginBody, MESSAGES, TEAM_MESSAGES } from '@oja/contract';
import { Link, useLocation, useNavigate } from 'react-router';
import { FormFailure, useFormFailure } from '../../ui/form-failure';
import { THUMB_LINK } from '../../ui/thumb-link';
import { onDemand, validateBy } from '../../ui/validate-on-demand';
import { useLogin } from './api';
import { AuthCard } from './auth-card';
import { isMembershipPending, isNotActivated } from './failures';
import type { VerifyEmailState } from './verify-email-page';

/** What a page that sends a person here may pass: the invite page passes the username just made. */
export type LoginState = { username?: string } | null;

/** The contract's rules for this form, downloaded on its first focus (ui/validate-on-demand.ts). */
const rules = onDemand(() => import('./schemas'));

export default function LoginPage() {
  const navigate = useNavigate();
  const given = (useLocation().state as LoginState)?.username;
  const login = useLogin();
  const form = useForm<LoginBody>({
    initialValues: { email_or_username: typeof given === 'string' ? given : '', password: '' },
    validate: validateBy(rules, (schemas) => schemas.loginBodySchema),
  });
  const failure = useFormFailure(form, MESSAGES.failed.login);

  const submit = form.onSubmit(
    failure.run(async (values) => {
      try {
        await login.mutateAsync(values);
      } catch (error) {
        if (!isNotActivated(error)) throw error;
        // Verification needs the email: carry it when that is what the person typed.
        const identifier = values.email_or_username.trim();
        const state: VerifyEmailState = identifier.includes('@') ? { email: identifier, resend: true } : {};
        navigate('/verify-email', { state });
        return;
      }
      navigate('/', { replace: true });
    }),
  );

  return (
    <AuthCard title="Log in" subtitle="Welcome back. Log in to manage your shop.">
      <form onSubmit={submit} onFocus={rules.preload} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Email or username"
            autoComplete="username"
            autoCapitalize="none"
            {...form.getInputProps('email_or_username')}
          />
          <PasswordInput label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm" style={THUMB_LINK}>
              Forgot password?
            </Anchor>
          </Group>
          <FormFailure message={failure.message} />
          {failure.message && isMembershipPending(login.error) && (
            <Text size="sm" c="dimmed">
              {TEAM_MESSAGES.ownerToldAtLogin}
            </Text>
          )}
          <Button type="submit" size="md" loading={login.isPending} fullWidth>
            Log in
          </Button>
          <Text size="sm" ta="center">
            New to Oja?{' '}
            <Anchor component={Link} to="/register">
              Create an account
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
