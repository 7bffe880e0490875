import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTimeout } from '@mantine/hooks';
import { MESSAGES, RESEND_CODE_DISABLED_MS } from '@oja/contract';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { notify } from '../../lib/notify';
import { FormFailure, useFormFailure } from '../../ui/form-failure';
import { THUMB_LINK } from '../../ui/thumb-link';
import { onDemand, validateBy } from '../../ui/validate-on-demand';
import { useActivate, useResendCode } from './api';
import { AuthCard } from './auth-card';
import { CodeInput, EmailInput } from './fields';

/** What the login and register screens hand over: the email, and whether to mail a fresh code on arrival. */
export type VerifyEmailState = { email?: string; resend?: boolean };

/** The contract's rules for this form, downloaded on its first focus (ui/validate-on-demand.ts). */
const rules = onDemand(() => import('./schemas'));

export default function VerifyEmailPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const arrival = (location.state ?? {}) as VerifyEmailState;
  const activate = useActivate();
  const resend = useResendCode();
  const [isResendPaused, setResendPaused] = useState(false);
  const resumeResend = useTimeout(() => setResendPaused(false), RESEND_CODE_DISABLED_MS);

  const form = useForm({
    initialValues: { email: arrival.email ?? searchParams.get('email') ?? '', code: '' },
    validate: validateBy(rules, (schemas) => schemas.activateBodySchema),
  });
  const failure = useFormFailure(form, MESSAGES.failed.verification);

  const sendNewCode = (email: string) => {
    // What was said about the old code no longer holds once a new one is on its way.
    failure.clear();
    form.clearFieldError('code');
    setResendPaused(true);
    resumeResend.start();
    // The answer's toast through the promise, not mutate()'s own callbacks: TanStack Query drops those when the
    // observer goes before the answer arrives (a page drawn anew while the request is out), and the user
    // would never learn that a new code is on its way.
    resend
      .mutateAsync(email)
      .then(({ description }) => notify.success(description || MESSAGES.auth.codeResent), failure.show);
  };

  // Arriving from a login on an unverified account: the old code has likely expired, so mail a new one, once.
  const hasAutoResent = useRef(false);
  useEffect(() => {
    if (!arrival.resend || !arrival.email || hasAutoResent.current) return;
    hasAutoResent.current = true;
    sendNewCode(arrival.email);
    // A reload of this page must not mail yet another code.
    navigate('.', { replace: true, state: { email: arrival.email } satisfies VerifyEmailState });
  });

  const submit = form.onSubmit(
    failure.run(async (values) => {
      await activate.mutateAsync(values);
      navigate('/', { replace: true });
    }),
  );

  const onResend = async () => {
    // At once when the rules are there; the first time, once they have arrived.
    if ((await form.validateField('email')).hasError) return;
    sendNewCode(form.values.email);
  };

  return (
    <AuthCard title="Verify your email" subtitle="Enter the 6-digit code we sent to your email.">
      <form onSubmit={submit} onFocus={rules.preload} noValidate>
        <Stack gap="sm">
          <EmailInput {...form.getInputProps('email')} />
          <CodeInput label="Verification code" {...form.getInputProps('code')} />
          <FormFailure message={failure.message} />
          <Button type="submit" size="md" loading={activate.isPending} fullWidth>
            Verify Email
          </Button>
          <Button
            variant="default"
            size="md"
            fullWidth
            onClick={onResend}
            disabled={isResendPaused || resend.isPending}
            loading={resend.isPending}
          >
            Resend Code
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
