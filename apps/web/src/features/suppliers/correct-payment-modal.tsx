import { Button, Divider, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type CorrectSupplierPaymentValues,
  type DeleteSupplierPaymentValues,
  formatMoney,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  SUPPLIER_MESSAGES,
  type SupplierPayment,
} from '@oja/contract';
import { useState } from 'react';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { FormFailure, useFormFailure } from '../../ui/form-failure';
import { Modal } from '../../ui/modal';
import { moneyInputProps } from '../../ui/money-input';
import { onDemand, validateBy } from '../../ui/validate-on-demand';
import { useCorrectSupplierPayment } from './correct-payment-api';

const rules = onDemand(() => import('./schemas'));
const validateCorrection = validateBy(rules, (schemas) => schemas.correctSupplierPaymentFormSchema);
const validateDeletion = validateBy(rules, (schemas) => schemas.deleteSupplierPaymentFormSchema);

/**
 * The owner's Correct payment: the payment as it should have been (amount, method, note), or, further down, its
 * deletion with a reason. The server refuses a payment of a closed day, and a correction past what is owed, in words.
 */
export function CorrectPaymentModal({
  businessId,
  payment,
  onClose,
}: {
  businessId: number;
  payment: SupplierPayment | null;
  onClose(): void;
}) {
  return (
    <Modal
      opened={payment !== null}
      onClose={onClose}
      title={payment ? `Payment of ${formatDateTime(payment.created_at)}` : ''}
      centered
    >
      {payment && <CorrectForms businessId={businessId} payment={payment} onClose={onClose} />}
    </Modal>
  );
}

function CorrectForms({
  businessId,
  payment,
  onClose,
}: {
  businessId: number;
  payment: SupplierPayment;
  onClose(): void;
}) {
  const { correct, remove } = useCorrectSupplierPayment(businessId);
  const [isDeleting, setDeleting] = useState(false);
  const form = useForm<CorrectSupplierPaymentValues>({
    initialValues: { amount: payment.amount, method: payment.method, note: payment.note },
    validate: validateCorrection,
  });
  const failure = useFormFailure(form, SUPPLIER_MESSAGES.failedCorrect);
  const submit = form.onSubmit(
    failure.run(async (values) => {
      const body = (await rules.load()).correctSupplierPaymentFormSchema.parse(values);
      await correct.mutateAsync({ ...body, id: payment.id });
      notify.success(SUPPLIER_MESSAGES.paymentCorrected);
      onClose();
    }),
  );
  if (isDeleting) return <DeleteForm payment={payment} remove={remove} onClose={onClose} />;
  return (
    <form onSubmit={submit} onFocus={rules.preload} noValidate>
      <Stack>
        <FormFailure message={failure.message} />
        <Text size="sm" c="dimmed">
          Paid {formatMoney(payment.amount)} by {PAYMENT_METHOD_LABELS[payment.method]}, recorded by{' '}
          {payment.paid_by_name}. Correct it as it should have been: the activity log keeps both.
        </Text>
        <TextInput
          label="Amount"
          required
          {...moneyInputProps(form.getInputProps('amount'), { normalizeOnBlur: true })}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="corrected-paid-by">
            Paid by
          </Text>
          <SegmentedControl
            aria-labelledby="corrected-paid-by"
            fullWidth
            data={PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))}
            {...form.getInputProps('method')}
          />
        </Stack>
        <Textarea label="Note" autosize minRows={1} {...form.getInputProps('note')} />
        <Button type="submit" size="md" loading={correct.isPending}>
          Save correction
        </Button>
        <Divider />
        <Button variant="subtle" color="red" size="md" onClick={() => setDeleting(true)}>
          Delete this payment…
        </Button>
      </Stack>
    </form>
  );
}

function DeleteForm({
  payment,
  remove,
  onClose,
}: {
  payment: SupplierPayment;
  remove: ReturnType<typeof useCorrectSupplierPayment>['remove'];
  onClose(): void;
}) {
  const form = useForm<DeleteSupplierPaymentValues>({ initialValues: { reason: '' }, validate: validateDeletion });
  const failure = useFormFailure(form, SUPPLIER_MESSAGES.failedDelete);
  const submit = form.onSubmit(
    failure.run(async (values) => {
      const body = (await rules.load()).deleteSupplierPaymentFormSchema.parse(values);
      await remove.mutateAsync({ ...body, id: payment.id });
      notify.success(SUPPLIER_MESSAGES.paymentDeleted);
      onClose();
    }),
  );
  return (
    <form onSubmit={submit} onFocus={rules.preload} noValidate>
      <Stack>
        <FormFailure message={failure.message} />
        <Text size="sm">
          Delete the payment of {formatMoney(payment.amount)} by {PAYMENT_METHOD_LABELS[payment.method]}? What is owed
          to the supplier grows back by it, and the day's close no longer counts it.
        </Text>
        <Textarea label="Why" required autosize minRows={2} data-autofocus {...form.getInputProps('reason')} />
        <Button type="submit" color="red" size="md" loading={remove.isPending}>
          Delete payment
        </Button>
        <Button variant="default" size="md" onClick={onClose}>
          Keep it
        </Button>
      </Stack>
    </form>
  );
}
