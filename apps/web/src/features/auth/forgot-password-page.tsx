import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTimeout } from '@mantine/hooks';
import { FORGOT_REDIRECT_MS, type ForgotPasswordBody, MESSAGES } from '@oja/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormFailure, useFormFailure } from '../../ui/form-failure';
import { THUMB_LINK } from '../../ui/thumb-link';
import { onDemand, validateBy } from '../../ui/validate-on-demand';
import { useForgotPassword } from './api';
import { AuthCard } from './auth-card';
import { EmailInput } from './fields';
import type { ResetPasswordState } from './reset-password-page';

/** The contract's rules for this form, downloaded on its first focus (ui/validate-on-demand.ts). */
const rules = onDemand(() => import('./schemas'));

export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  const [sent, setSent] = useState<{ message: string; email: string } | null>(null);
  const goToReset = useTimeout(
    (email: string) => navigate('/reset-password', { state: { email } satisfies ResetPasswordState }),
    FORGOT_REDIRECT_MS,
  );
  const form = useForm<ForgotPasswordBody>({
    initialValues: { email: '' },
    validate: validateBy(rules, (schemas) => schemas.forgotPasswordBodySchema),
  });
  // The spec gives this screen no default of its own; a reset that cannot start is a failed reset.
  const failure = useFormFailure(form, MESSAGES.failed.reset);

  const submit = form.onSubmit(
    failure.run(async (values) => {
      const { description } = await forgot.mutateAsync(values);
      setSent({ message: description || MESSAGES.auth.forgotSent, email: values.email });
      goToReset.start(values.email.trim());
    }),
  );

  return (
    <AuthCard title="Forgot password" subtitle="Enter your email and we will send you a code to reset your password.">
      <form onSubmit={submit} onFocus={rules.preload} noValidate>
        <Stack gap="sm">
          <EmailInput readOnly={sent !== null} {...form.getInputProps('email')} />
          {sent && (
            <Alert color="teal" variant="light" role="status">
              {sent.message}
            </Alert>
          )}
          <FormFailure message={failure.message} />
          <Button type="submit" size="md" loading={forgot.isPending || sent !== null} fullWidth>
            Send reset code
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/login" style={THUMB_LINK}>
              Back to log in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
