import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { EXPENSE_MESSAGES } from '@oja/contract';
import { notify } from '../../lib/notify';
import { FormFailure, useFormFailure } from '../../ui/form-failure';
import { Modal } from '../../ui/modal';
import { onDemand, validateWith } from '../../ui/validate-on-demand';
import { useCreateExpenseCategory } from './api';

/** The contract's rules for this feature's forms, downloaded on a form's first focus (ui/validate-on-demand.ts). */
const rules = onDemand(() => import('./schemas'));

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
    validate: validateWith(rules, ({ createExpenseCategoryBodySchema }, { name }: { name: string }) => {
      const message = createExpenseCategoryBodySchema.shape.name.safeParse(name).error?.issues[0]?.message;
      return message ? { name: message } : {};
    }),
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
    <form onSubmit={submit} onFocus={rules.preload} noValidate>
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
