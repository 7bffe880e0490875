import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ConfirmEmailBody, MESSAGES, type UpdateProfileBody, type User } from '@oja/contract';
import { notify } from '../../lib/notify';
import { FormFailure, useFormFailure } from '../../ui/form-failure';
import { Modal } from '../../ui/modal';
import { onDemand, validateBy } from '../../ui/validate-on-demand';
import { CodeInput } from '../auth/fields';
import { useConfirmEmail, useUpdateProfile } from './api';

/** The contract's rules for this feature's forms, downloaded on a form's first focus (ui/validate-on-demand.ts). */
const rules = onDemand(() => import('./schemas'));

type Props = {
  user: User;
  opened: boolean;
  onClose(): void;
  /** A new email waiting for its code (pending-email.ts): the dialog opens on the code step. */
  pendingEmail: string | null;
  onPending(email: string | null): void;
};

export function EditInfoDialog({ user, opened, onClose, pendingEmail, onPending }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Edit Info" centered>
      {/* Mounted only while open, so each opening starts from the current profile. */}
      {opened &&
        (pendingEmail ? (
          <ConfirmEmailForm
            email={pendingEmail}
            onConfirmed={() => {
              onPending(null);
              onClose();
            }}
            onLater={onClose}
            onAnotherEmail={() => onPending(null)}
          />
        ) : (
          <EditInfoForm user={user} onDone={onClose} onPending={onPending} />
        ))}
    </Modal>
  );
}

function EditInfoForm({ user, onDone, onPending }: { user: User; onDone(): void; onPending(email: string): void }) {
  const update = useUpdateProfile();
  const form = useForm<UpdateProfileBody>({
    initialValues: {
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email ?? '',
      current_password: '',
    },
    // Someone who joined by an invite link has no email: they may leave it empty and still change
    // their name. An account that has one keeps the field required (an email is never removed here).
    validate: validateBy(rules, (schemas) =>
      user.email ? schemas.profileFormWithEmailSchema : schemas.updateProfileBodySchema,
    ),
  });
  const failure = useFormFailure(form, MESSAGES.failed.updateProfile);
  const email = (form.values.email ?? '').trim();
  // A new email needs the current password (a session alone, on a borrowed phone, must not move the account
  // to another inbox), and then the code sent to the new address: the form says so.
  const changesEmail = email !== '' && email.toLowerCase() !== (user.email ?? '').toLowerCase();

  const submit = form.onSubmit(
    failure.run(async (values) => {
      const { data } = await update.mutateAsync({
        ...values,
        email: values.email?.trim() ? values.email : undefined,
        current_password: changesEmail ? values.current_password : undefined,
      });
      if (data.pending_email) {
        onPending(data.pending_email);
        return;
      }
      notify.success(MESSAGES.auth.profileUpdated);
      onDone();
    }),
  );

  return (
    <form onSubmit={submit} onFocus={rules.preload} noValidate>
      <Stack gap="sm">
        <TextInput label="First name" autoComplete="given-name" {...form.getInputProps('first_name')} />
        <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps('last_name')} />
        <TextInput
          label={user.email ? 'Email' : 'Email (optional)'}
          description={
            user.email ? undefined : 'Add one to log in with it and to reset a forgotten password. We send it a code.'
          }
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          {...form.getInputProps('email')}
        />
        {changesEmail && (
          <PasswordInput
            label="Current password"
            description="Needed to change your email. We then send a code to the new address."
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('current_password')}
          />
        )}
        <FormFailure message={failure.message} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Update Info
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ConfirmEmailForm({
  email,
  onConfirmed,
  onLater,
  onAnotherEmail,
}: {
  email: string;
  onConfirmed(): void;
  onLater(): void;
  onAnotherEmail(): void;
}) {
  const confirm = useConfirmEmail();
  const form = useForm<ConfirmEmailBody>({
    initialValues: { code: '' },
    validate: validateBy(rules, (schemas) => schemas.confirmEmailBodySchema),
  });
  const failure = useFormFailure(form, MESSAGES.failed.updateProfile);

  const submit = form.onSubmit(
    failure.run(async (values) => {
      await confirm.mutateAsync(values);
      notify.success(MESSAGES.auth.emailChanged);
      onConfirmed();
    }),
  );

  return (
    <form onSubmit={submit} onFocus={rules.preload} noValidate>
      <Stack gap="sm">
        <Text size="sm">{MESSAGES.auth.emailCodeSent(email)}</Text>
        <CodeInput label="Code" {...form.getInputProps('code')} />
        <FormFailure message={failure.message} />
        <Group justify="flex-end" gap="sm">
          <Button variant="subtle" onClick={onAnotherEmail} disabled={confirm.isPending}>
            Use another email
          </Button>
          <Button variant="default" onClick={onLater} disabled={confirm.isPending}>
            Later
          </Button>
          <Button type="submit" loading={confirm.isPending}>
            Confirm Email
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
