import { Button, Divider, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type CeoRegisterBody, MESSAGES } from '@oja/contract';
import { useNavigate } from 'react-router';
import { FormFailure, useFormFailure } from '../../ui/form-failure';
import { onDemand, validateBy } from '../../ui/validate-on-demand';
import { useRegisterCeo } from './api';
import { AuthCard, LogInInstead } from './auth-card';
import { EmailInput, NewPasswordInput } from './fields';
import type { VerifyEmailState } from './verify-email-page';

/** The contract's rules for this form, downloaded on its first focus (ui/validate-on-demand.ts). */
const rules = onDemand(() => import('./schemas'));

/** A business owner signs up with their first business; the emailed code then activates the account. */
export default function RegisterPage() {
  const navigate = useNavigate();
  const register = useRegisterCeo();
  const form = useForm<CeoRegisterBody>({
    initialValues: {
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      business: { name: '', business_email: '', about: '' },
    },
    validate: validateBy(rules, (schemas) => schemas.ceoRegisterBodySchema),
  });
  const failure = useFormFailure(form, MESSAGES.failed.signup);

  const submit = form.onSubmit(
    failure.run(async (values) => {
      const { data } = await register.mutateAsync(values);
      const state: VerifyEmailState = { email: data.user.email ?? values.email };
      navigate('/verify-email', { state });
    }),
  );

  return (
    <AuthCard title="Create your account" subtitle="Register as a business owner and set up your first shop.">
      <form onSubmit={submit} onFocus={rules.preload} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label="First name" autoComplete="given-name" {...form.getInputProps('first_name')} />
            <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps('last_name')} />
          </SimpleGrid>
          <EmailInput {...form.getInputProps('email')} />
          <NewPasswordInput {...form.getInputProps('password')} />
          <Divider label="Your business" labelPosition="left" mt="xs" />
          <TextInput label="Business name" {...form.getInputProps('business.name')} />
          <TextInput
            label="Business email"
            type="email"
            autoCapitalize="none"
            {...form.getInputProps('business.business_email')}
          />
          <Textarea
            label="About"
            placeholder="What does your business sell?"
            autosize
            minRows={2}
            maxRows={5}
            {...form.getInputProps('business.about')}
          />
          <FormFailure message={failure.message} />
          <Button type="submit" size="md" loading={register.isPending} fullWidth>
            Create account
          </Button>
          <LogInInstead />
        </Stack>
      </form>
    </AuthCard>
  );
}
