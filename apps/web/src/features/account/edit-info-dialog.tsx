import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { MESSAGES, type UpdateProfileBody, type User, updateProfileBodySchema } from '@oja/contract';
import { notify } from '../../lib/notify';
import { FormFailure, useFormFailure } from '../../ui/form-failure';
import { useUpdateProfile } from './api';

type Props = { user: User; opened: boolean; onClose(): void };

export function EditInfoDialog({ user, opened, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Edit Info" centered>
      {/* Mounted only while open, so each opening starts from the current profile. */}
      {opened && <EditInfoForm user={user} onDone={onClose} />}
    </Modal>
  );
}

function EditInfoForm({ user, onDone }: { user: User; onDone(): void }) {
  const update = useUpdateProfile();
  const form = useForm<UpdateProfileBody>({
    initialValues: { first_name: user.first_name, last_name: user.last_name, email: user.email ?? '' },
    validate: schemaResolver(updateProfileBodySchema, { sync: true }),
  });
  const failure = useFormFailure(form, MESSAGES.failed.updateProfile);

  const submit = form.onSubmit((values) => {
    failure.clear();
    update.mutate(values, {
      onSuccess: () => {
        notify.success(MESSAGES.auth.profileUpdated);
        onDone();
      },
      onError: failure.show,
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="First name" autoComplete="given-name" {...form.getInputProps('first_name')} />
        <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps('last_name')} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          {...form.getInputProps('email')}
        />
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
