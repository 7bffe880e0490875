import { Button, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { EDITABLE_ROLES, type EditableRole, MESSAGES, ROLE_LABELS, type User } from '@oja/contract';
import { withReason } from '../../lib/api';
import { notify } from '../../lib/notify';
import { FormFailure, useFormFailure } from '../../ui/form-failure';
import { Modal } from '../../ui/modal';
import { onDemand, validateBy } from '../../ui/validate-on-demand';
import { useUpdateBusinessUser } from './api';

/** The contract's rules for this feature's forms, downloaded on a form's first focus (ui/validate-on-demand.ts). */
const rules = onDemand(() => import('./schemas'));

const ROLE_CHOICES = EDITABLE_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** "Edit {first} {last}": names and role required; a blank password keeps the current one. */
export function EditUserModal({
  businessId,
  user,
  onClose,
}: {
  businessId: number;
  user: User | null;
  onClose(): void;
}) {
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={user ? `Edit ${user.first_name} ${user.last_name}` : ''}
      centered
    >
      {user && <EditUserForm businessId={businessId} user={user} onClose={onClose} />}
    </Modal>
  );
}

function EditUserForm({ businessId, user, onClose }: { businessId: number; user: User; onClose(): void }) {
  const update = useUpdateBusinessUser(businessId);
  const editable = (EDITABLE_ROLES as readonly string[]).includes(user.role);
  const form = useForm({
    initialValues: {
      first_name: user.first_name,
      last_name: user.last_name,
      password: '',
      role: (editable ? user.role : '') as EditableRole | '',
      phone_number: user.phone_number ?? '',
    },
    validate: validateBy(rules, (schemas) => schemas.editUserFormSchema),
  });
  const failure = useFormFailure(form, MESSAGES.failed.updateUser);

  const submit = form.onSubmit(
    failure.run(async (values) => {
      const answer = await update
        .mutateAsync({
          user_id: user.id,
          first_name: values.first_name,
          last_name: values.last_name,
          role: values.role as EditableRole,
          phone_number: values.phone_number,
          // A blank password is dropped from the payload.
          ...(values.password.trim() ? { password: values.password } : {}),
        })
        .catch((error: unknown) => {
          // The dialog says "Failed to update user: {reason}", or "Failed to update user" when there is none.
          throw withReason(error, MESSAGES.toast.updateUser);
        });
      notify.success(answer.description || MESSAGES.team.userUpdated);
      onClose();
    }),
  );

  return (
    <form onSubmit={submit} onFocus={rules.preload} noValidate>
      <Stack>
        <TextInput label="First Name" required data-autofocus {...form.getInputProps('first_name')} />
        <TextInput label="Last Name" required {...form.getInputProps('last_name')} />
        <PasswordInput
          label="New Password"
          placeholder="Leave blank to keep current"
          autoComplete="new-password"
          {...form.getInputProps('password')}
        />
        <TextInput
          label="Phone (optional)"
          description="For WhatsApp receipts, e.g. 0803 123 4567"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          {...form.getInputProps('phone_number')}
        />
        <Select label="Role" required data={ROLE_CHOICES} allowDeselect={false} {...form.getInputProps('role')} />
        <FormFailure message={failure.message} />
        <Button type="submit" loading={update.isPending}>
          Update User
        </Button>
      </Stack>
    </form>
  );
}
