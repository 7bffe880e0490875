import { Button, Group, SegmentedControl, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  CURRENCIES,
  EXPENSE_MESSAGES,
  type ExpenseCategory,
  type ExpenseFormValues,
  lagosToday,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
} from '@oja/contract';
import { notify } from '../../lib/notify';
import { DateField } from '../../ui/date-field';
import { FormFailure, useFormFailure } from '../../ui/form-failure';
import { Modal } from '../../ui/modal';
import { moneyInputProps } from '../../ui/money-input';
import { onDemand, validateBy } from '../../ui/validate-on-demand';
import { useCreateExpense } from './api';
import { categoryLabel } from './category-label';

/** The contract's rules for this feature's forms, downloaded on a form's first focus (ui/validate-on-demand.ts). */
const rules = onDemand(() => import('./schemas'));
const validate = validateBy(rules, (schemas) => schemas.expenseFormSchema);

/** Add Expense: how much, in which currency, what for, and on which day (today unless told). */
export function AddExpenseModal({
  businessId,
  categories,
  opened,
  onClose,
}: {
  businessId: number;
  categories: readonly ExpenseCategory[];
  opened: boolean;
  onClose(): void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add Expense" centered>
      {opened && <AddExpenseForm businessId={businessId} categories={categories} onClose={onClose} />}
    </Modal>
  );
}

function AddExpenseForm({
  businessId,
  categories,
  onClose,
}: {
  businessId: number;
  categories: readonly ExpenseCategory[];
  onClose(): void;
}) {
  const create = useCreateExpense(businessId);
  const today = lagosToday();
  const form = useForm<ExpenseFormValues>({
    initialValues: { amount: '', currency: 'NGN', category: '', description: '', date: today, payment_method: 'cash' },
    validate,
  });
  const failure = useFormFailure(form, EXPENSE_MESSAGES.failed.add);
  const submit = form.onSubmit(
    failure.run(async (values) => {
      await create.mutateAsync((await rules.load()).expenseFormSchema.parse(values));
      notify.success(EXPENSE_MESSAGES.created);
      onClose();
    }),
  );

  return (
    <form onSubmit={submit} onFocus={rules.preload} noValidate>
      <Stack>
        <FormFailure message={failure.message} />
        <Group grow align="flex-start" wrap="nowrap">
          <TextInput
            label="Amount"
            placeholder="1500.00"
            required
            data-autofocus
            {...moneyInputProps(form.getInputProps('amount'), { normalizeOnBlur: true })}
          />
          <Select
            label="Currency"
            allowDeselect={false}
            data={[...CURRENCIES]}
            maw={110}
            {...form.getInputProps('currency')}
          />
        </Group>
        <Select
          label="Category"
          placeholder="Choose a category"
          required
          searchable
          data={categories.map((category) => ({ value: category.name, label: categoryLabel(category.name) }))}
          {...form.getInputProps('category')}
        />
        {/* A cash expense comes out of the drawer that Close the day counts. */}
        <Stack gap={4}>
          <Text size="sm" fw={500} id="expense-paid-by">
            Paid by
          </Text>
          <SegmentedControl
            aria-labelledby="expense-paid-by"
            fullWidth
            data={PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))}
            {...form.getInputProps('payment_method')}
          />
        </Stack>
        <DateField label="Date" required max={today} {...form.getInputProps('date')} />
        <Textarea
          label="Description"
          placeholder="What was it for?"
          autosize
          minRows={2}
          {...form.getInputProps('description')}
        />
        <Button type="submit" loading={create.isPending}>
          Add Expense
        </Button>
      </Stack>
    </form>
  );
}
