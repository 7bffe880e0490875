import { Alert, Button, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  COUNTER_SCREEN_MESSAGES,
  formatMoney,
  MESSAGES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type RecordPaymentFormValues,
  SALES_MESSAGES,
  type SaleDetail,
  toKobo,
} from '@oja/contract';
import { useState } from 'react';
import { notify } from '../../lib/notify';
import { FormFailure } from '../../ui/form-failure';
import { moneyInputProps } from '../../ui/money-input';
import { onDemand, validateWith } from '../../ui/validate-on-demand';
import type { PaymentTarget } from './outbox';
import { sendPayment } from './send-payment';
import type { PaymentSnapshot } from './store';
import { useCounter } from './use-counter';

/** The contract's rules, downloaded on the form's first focus (ui/validate-on-demand.ts). */
const rules = onDemand(() => import('./schemas'));

/**
 * Record Payment: an amount up to the balance and how it was paid, written to this phone's outbox and sent by it
 * (ADR 0019). Online the server's answer comes back here at once, as it always did; offline, or when the answer is
 * slow, the payment waits on the phone and the header counts it. A refusal stays here to correct, and in the
 * outbox if the dialog is closed.
 */
export function PaymentForm({
  target,
  snapshot,
  onRecorded,
  onSaved,
}: {
  target: PaymentTarget;
  snapshot: PaymentSnapshot;
  onRecorded(sale: SaleDetail): void;
  onSaved(): void;
}) {
  const service = useCounter();
  const balance = formatMoney(snapshot.balance, snapshot.currency);
  const [message, setMessage] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  /** The payment the server refused in this dialog: a new tap sends it again, corrected, never a second one. */
  const [refused, setRefused] = useState<number | null>(null);
  const form = useForm<RecordPaymentFormValues>({
    // The usual case is paying off the rest.
    initialValues: { amount: snapshot.balance, method: 'cash' },
    validate: validateWith(rules, ({ recordPaymentFormSchema }, values: RecordPaymentFormValues) => {
      const errors = schemaResolver(recordPaymentFormSchema, { sync: true })(values);
      const parsed = recordPaymentFormSchema.safeParse(values);
      // The server refuses it too, with the same sentence, when the balance has moved since this was shown.
      if (parsed.success && toKobo(parsed.data.amount) > toKobo(snapshot.balance)) {
        errors.amount = SALES_MESSAGES.overpayment(balance);
      }
      return errors;
    }),
  });

  const submit = form.onSubmit(async (values) => {
    if (isSending) return;
    setSending(true);
    setMessage(null);
    try {
      const outcome = await sendPayment(service, { target, snapshot, ...values }, refused);
      if (outcome.kind === 'recorded') {
        notify.success(SALES_MESSAGES.paymentRecorded);
        onRecorded(outcome.sale);
      } else if (outcome.kind === 'saved') {
        notify.success(COUNTER_SCREEN_MESSAGES.paymentSavedOffline);
        onSaved();
      } else {
        setRefused(outcome.order);
        if (outcome.fields.includes('amount')) form.setFieldError('amount', outcome.message);
        else setMessage(outcome.message);
      }
    } catch (error) {
      // The phone's store itself failed (full, or the browser refused it): nothing was saved.
      setMessage(error instanceof Error ? error.message : MESSAGES.failed.network);
    } finally {
      setSending(false);
    }
  });

  return (
    <form onSubmit={submit} onFocus={rules.preload} noValidate>
      <Stack>
        <FormFailure message={message} />
        {refused !== null && (
          <Alert color="gray" p="xs">
            Kept on this phone with the reason: correct it here, or discard it from the list of what waits to send.
          </Alert>
        )}
        <Text size="sm">Balance: {balance}</Text>
        <TextInput label="Amount" required data-autofocus {...moneyInputProps(form.getInputProps('amount'))} />
        <Select
          label="Payment method"
          allowDeselect={false}
          data={PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))}
          {...form.getInputProps('method')}
        />
        <Button type="submit" loading={isSending}>
          Record Payment
        </Button>
      </Stack>
    </form>
  );
}
