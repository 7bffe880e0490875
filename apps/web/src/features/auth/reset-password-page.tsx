import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTimeout } from '@mantine/hooks';
import { MESSAGES, RESET_REDIRECT_MS, type ResetPasswordBody } from '@oja/contract';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { FormFailure, useFormFailure } from '../../ui/form-failure';
import { onDemand, validateBy } from '../../ui/validate-on-demand';
import { useResetPassword } from './api';
import { AuthCard } from './auth-card';
import { CodeInput, EmailInput, NewPasswordInput } from './fields';

/** The forgot-password screen hands over the email the code was sent to. */
export type ResetPasswordState = { email?: string };

/** The contract's rules for this form, downloaded on its first focus (ui/validate-on-demand.ts). */
const rules = onDemand(() => import('./schemas'));

export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const reset = useResetPassword();
  const [doneMessage, setDoneMessage] = useState<string | null>(null);
  const goToLogin = useTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS);
  const arrival = (location.state ?? {}) as ResetPasswordState;

  const form = useForm<ResetPasswordBody>({
    initialValues: { email: arrival.email ?? searchParams.get('email') ?? '', code: '', new_password: '' },
    validate: validateBy(rules, (schemas) => schemas.resetPasswordBodySchema),
  });
  const failure = useFormFailure(form, MESSAGES.failed.reset);

  const submit = form.onSubmit(
    failure.run(async (values) => {
      const { description } = await reset.mutateAsync(values);
      setDoneMessage(description || MESSAGES.auth.passwordReset);
      goToLogin.start();
    }),
  );

  return (
    <AuthCard title="Reset password" subtitle="Enter the code we emailed you and choose a new password.">
      <form onSubmit={submit} onFocus={rules.preload} noValidate>
        <Stack gap="sm">
          <EmailInput {...form.getInputProps('email')} />
          <CodeInput label="Reset code" {...form.getInputProps('code')} />
          <NewPasswordInput label="New password" {...form.getInputProps('new_password')} />
          {doneMessage && (
            <Alert color="teal" variant="light" role="status">
              {doneMessage}
            </Alert>
          )}
          <FormFailure message={failure.message} />
          <Button type="submit" size="md" loading={reset.isPending || doneMessage !== null} fullWidth>
            Reset password
          </Button>
          <Text size="sm" ta="center">
            No code?{' '}
            <Anchor component={Link} to="/forgot-password">
              Send a new one
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
