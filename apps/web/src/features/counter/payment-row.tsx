import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { COUNTER_SCREEN_MESSAGES, formatMoney, PAYMENT_METHOD_LABELS, SALES_MESSAGES } from '@oja/contract';
import { useState } from 'react';
import { formatDateTime } from '../../lib/format';
import { readTypedMoney } from '../../ui/money-input';
import { AttentionActions } from './attention-actions';
import { DiscardForm } from './discard-form';
import { correctPayment, isPaymentCorrectable } from './outbox-repair';
import { STATE_LABELS } from './state-labels';
import type { CounterDb, PaymentEntry } from './store';

/** A debt payment made on this phone, in the list of what it holds (ADR 0019). */
export function PaymentRow({ db, entry, onCorrected }: { db: CounterDb; entry: PaymentEntry; onCorrected(): void }) {
  const [isDiscarding, setDiscarding] = useState(false);
  const [isCorrecting, setCorrecting] = useState(false);
  const state = STATE_LABELS[entry.state];
  const { snapshot } = entry;
  const label = `Payment of ${snapshot.sale_label}`;
  const canCorrect = isPaymentCorrectable(entry);
  return (
    <Paper withBorder p="sm" aria-label={label}>
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Text fw={600}>{label}</Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(entry.made_at)} · {snapshot.customer_name} · {PAYMENT_METHOD_LABELS[entry.method]}
          </Text>
        </div>
        <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
          <Text fw={600}>{formatMoney(entry.amount, snapshot.currency)}</Text>
          <Badge color={state.color}>{state.label}</Badge>
        </Stack>
      </Group>
      {entry.last_error && entry.state !== 'recorded' && (
        <Text size="sm" c={entry.state === 'needs_attention' ? 'red.8' : 'dimmed'} mt={4}>
          {entry.last_error}
          {entry.attempts > 0 && ` (tried ${entry.attempts}×)`}
        </Text>
      )}
      {entry.state === 'recorded' && entry.answer && (
        <Text size="sm" c="dimmed" mt={4}>
          Balance after it: {formatMoney(entry.answer.sale.balance, snapshot.currency)}
        </Text>
      )}
      {entry.discard_reason && (
        <Text size="sm" c="dimmed" mt={4}>
          Discarded: {entry.discard_reason}
        </Text>
      )}
      {entry.state === 'needs_attention' && !isDiscarding && !isCorrecting && (
        <AttentionActions
          db={db}
          order={entry.order as number}
          onCorrect={canCorrect ? () => setCorrecting(true) : undefined}
          onDiscard={() => setDiscarding(true)}
        />
      )}
      {canCorrect && isCorrecting && (
        <CorrectAmount
          db={db}
          entry={entry}
          onDone={(isSent) => {
            setCorrecting(false);
            if (isSent) onCorrected();
          }}
        />
      )}
      {isDiscarding && (
        <DiscardForm
          db={db}
          order={entry.order as number}
          label="Why is this payment discarded?"
          reasonRequired={COUNTER_SCREEN_MESSAGES.paymentDiscardReasonRequired}
          onKeep={() => setDiscarding(false)}
        />
      )}
      {entry.state === 'needs_attention' && (
        <Alert color="gray" mt="xs" p="xs">
          Kept on this phone until corrected, retried or discarded; the export holds it too.
        </Alert>
      )}
    </Paper>
  );
}

/** A refused amount typed again (the server's reason above it says what the sale owes now). */
function CorrectAmount({ db, entry, onDone }: { db: CounterDb; entry: PaymentEntry; onDone(isSent: boolean): void }) {
  const [amount, setAmount] = useState(entry.amount);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      const { recordPaymentFormSchema } = await import('./schemas');
      const check = recordPaymentFormSchema.safeParse({ amount, method: entry.method });
      if (!check.success) throw new Error(check.error.issues[0]?.message ?? SALES_MESSAGES.invalidAmount);
      await correctPayment(db, entry.order as number, { amount: check.data.amount });
      onDone(true);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : COUNTER_SCREEN_MESSAGES.paymentNotCorrectable);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack mt="xs" gap="xs" aria-label={`Correct payment of ${entry.snapshot.sale_label}`}>
      <TextInput
        label="Amount"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(event) => setAmount(readTypedMoney(event.currentTarget.value))}
        error={error}
      />
      <Group grow>
        <Button size="sm" variant="default" onClick={() => onDone(false)}>
          Cancel
        </Button>
        <Button size="sm" loading={isBusy} onClick={send}>
          Send the corrected payment
        </Button>
      </Group>
    </Stack>
  );
}
