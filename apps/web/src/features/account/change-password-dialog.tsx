import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { type ChangePasswordBody, MESSAGES } from '@oja/contract';
import { notify } from '../../lib/notify';
import { FormFailure, useFormFailure } from '../../ui/form-failure';
import { Modal } from '../../ui/modal';
import { onDemand, validateBy } from '../../ui/validate-on-demand';
import { useChangePassword } from './api';

/** The contract's rules for this feature's forms, downloaded on a form's first focus (ui/validate-on-demand.ts). */
const rules = onDemand(() => import('./schemas'));

type Props = { opened: boolean; onClose(): void };

export function ChangePasswordDialog({ opened, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Change Password" centered>
      {/* Mounted only while open: passwords typed once are not kept for the next opening. */}
      {opened && <ChangePasswordForm onDone={onClose} />}
    </Modal>
  );
}

function ChangePasswordForm({ onDone }: { onDone(): void }) {
  const change = useChangePassword();
  // One toggle shows or hides all three fields: a person checking what they typed wants to compare them.
  const [isVisible, { toggle }] = useDisclosure(false);
  const form = useForm<ChangePasswordBody>({
    initialValues: { previous_password: '', new_password: '', confirm_password: '' },
    // The schema refuses a confirmation that differs ("Passwords do not match"), so no request is sent.
    validate: validateBy(rules, (schemas) => schemas.changePasswordBodySchema),
  });
  const failure = useFormFailure(form, MESSAGES.failed.changePassword);
  const visibility = { visible: isVisible, onVisibilityChange: toggle };

  const submit = form.onSubmit(
    failure.run(async (values) => {
      await change.mutateAsync(values);
      notify.success(MESSAGES.auth.passwordChanged);
      onDone();
    }),
  );

  return (
    <form onSubmit={submit} onFocus={rules.preload} noValidate>
      <Stack gap="sm">
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          {...visibility}
          {...form.getInputProps('previous_password')}
        />
        <PasswordInput
          label="New password"
          description="At least 8 characters."
          autoComplete="new-password"
          {...visibility}
          {...form.getInputProps('new_password')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          {...visibility}
          {...form.getInputProps('confirm_password')}
        />
        <FormFailure message={failure.message} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={change.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={change.isPending}>
            Update Password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
