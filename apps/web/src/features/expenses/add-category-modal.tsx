import { Button, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { createExpenseCategoryBodySchema, EXPENSE_MESSAGES } from '@oja/contract';
import { notify } from '../../lib/notify';
import { FormFailure, useFormFailure } from '../../ui/form-failure';
import { useCreateExpenseCategory } from './api';

const nameSchema = createExpenseCategoryBodySchema.shape.name;

/** The CEO adds a category of the business's own ("Generator fuel"). */
export function AddCategoryModal({
  businessId,
  opened,
  onClose,
}: {
  businessId: number;
  opened: boolean;
  onClose(): void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="New expense category" centered>
      {opened && <AddCategoryForm businessId={businessId} onClose={onClose} />}
    </Modal>
  );
}

function AddCategoryForm({ businessId, onClose }: { businessId: number; onClose(): void }) {
  const create = useCreateExpenseCategory(businessId);
  const form = useForm({
    initialValues: { name: '' },
    validate: { name: (value) => nameSchema.safeParse(value).error?.issues[0]?.message ?? null },
  });
  const failure = useFormFailure(form, EXPENSE_MESSAGES.failed.addCategory);
  const submit = form.onSubmit(
    failure.run(async (values) => {
      await create.mutateAsync(values.name.trim());
      notify.success(EXPENSE_MESSAGES.categoryCreated);
      onClose();
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormFailure message={failure.message} />
        <TextInput label="Category name" required data-autofocus {...form.getInputProps('name')} />
        <Button type="submit" loading={create.isPending}>
          Add category
        </Button>
      </Stack>
    </form>
  );
}
