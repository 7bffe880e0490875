import { Button, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  formatMoney,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type RecordPaymentFormValues,
  SALES_MESSAGES,
  type SaleDetail,
  toKobo,
} from '@oja/contract';
import { notify } from '../../lib/notify';
import { FormFailure, useFormFailure } from '../../ui/form-failure';
import { Modal } from '../../ui/modal';
import { moneyInputProps } from '../../ui/money-input';
import { onDemand, validateWith } from '../../ui/validate-on-demand';
import { useRecordPayment } from './api';

/** The contract's rules for this feature's forms, downloaded on a form's first focus (ui/validate-on-demand.ts). */
const rules = onDemand(() => import('./schemas'));

/** Record Payment: an amount up to the balance and how it was paid. */
export function RecordPaymentModal({
  businessId,
  sale,
  opened,
  onClose,
}: {
  businessId: number;
  sale: SaleDetail;
  opened: boolean;
  onClose(): void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Record Payment" centered>
      {opened && <RecordPaymentForm businessId={businessId} sale={sale} onClose={onClose} />}
    </Modal>
  );
}

function RecordPaymentForm({ businessId, sale, onClose }: { businessId: number; sale: SaleDetail; onClose(): void }) {
  const record = useRecordPayment(businessId);
  const balance = formatMoney(sale.balance, sale.currency);
  const form = useForm<RecordPaymentFormValues>({
    // The usual case is paying off the rest.
    initialValues: { amount: sale.balance, method: 'cash' },
    validate: validateWith(rules, ({ recordPaymentFormSchema }, values: RecordPaymentFormValues) => {
      const errors = schemaResolver(recordPaymentFormSchema, { sync: true })(values);
      const parsed = recordPaymentFormSchema.safeParse(values);
      // The server refuses it too, with the same sentence, when the balance has moved since this page loaded.
      if (parsed.success && toKobo(parsed.data.amount) > toKobo(sale.balance)) {
        errors.amount = SALES_MESSAGES.overpayment(balance);
      }
      return errors;
    }),
  });
  const failure = useFormFailure(form, SALES_MESSAGES.failedRecordPayment);

  const submit = form.onSubmit(
    failure.run(async (values) => {
      await record.mutateAsync({ ...values, sale_id: sale.id });
      notify.success(SALES_MESSAGES.paymentRecorded);
      onClose();
    }),
  );

  return (
    <form onSubmit={submit} onFocus={rules.preload} noValidate>
      <Stack>
        <FormFailure message={failure.message} />
        <Text size="sm">Balance: {balance}</Text>
        <TextInput label="Amount" required data-autofocus {...moneyInputProps(form.getInputProps('amount'))} />
        <Select
          label="Payment method"
          allowDeselect={false}
          data={PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))}
          {...form.getInputProps('method')}
        />
        <Button type="submit" loading={record.isPending}>
          Record Payment
        </Button>
      </Stack>
    </form>
  );
}
