import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { COUNTER_SCREEN_MESSAGES, formatMoney, toKobo } from '@oja/contract';
import { useState } from 'react';
import { formatDateTime } from '../../lib/format';
import { answerNotices } from './answer-notices';
import { AttentionActions } from './attention-actions';
import { CorrectSale } from './correct-sale';
import { DiscardForm } from './discard-form';
import { correctableOf } from './outbox-repair';
import { PaymentForm } from './payment-form';
import { STATE_LABELS } from './state-labels';
import type { CounterDb, SaleEntry } from './store';

/**
 * A sale made on this phone, in the list of what it holds: its state, the server's reason when refused, what the
 * clerk can do about it, and the rest of its debt paid here even before the sale reached the server (ADR 0019).
 */
export function SaleRow({
  db,
  entry,
  owed,
  sold,
  soldPacks,
  onCorrected,
}: {
  db: CounterDb;
  entry: SaleEntry;
  /** What the sale still owes as far as this phone knows (its own payments taken off). */
  owed: string;
  sold: { has(id: number): boolean };
  /** The pack sizes the copy sells, of the products sold by a pack in refused sales. */
  soldPacks?: ReadonlySet<number>;
  onCorrected(): void;
}) {
  const [isDiscarding, setDiscarding] = useState(false);
  const [isCorrecting, setCorrecting] = useState(false);
  const [isPaying, setPaying] = useState(false);
  const correctable = correctableOf(entry, sold, soldPacks);
  const state = STATE_LABELS[entry.state];
  const recordedId = entry.state === 'recorded' ? entry.answer?.sale.id : undefined;
  const canPay = entry.state !== 'discarded' && toKobo(owed) > 0n;
  return (
    <Paper withBorder p="sm" aria-label={`Sale ${entry.receipt_number}`}>
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Text fw={600}>{entry.receipt_number}</Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(entry.body.sold_at)} · {entry.snapshot.customer_name}
          </Text>
        </div>
        <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
          <Text fw={600}>{formatMoney(entry.snapshot.total, entry.snapshot.currency)}</Text>
          <Badge color={state.color}>{state.label}</Badge>
        </Stack>
      </Group>
      {canPay && (
        <Text size="sm" c="red.8" mt={4}>
          Owes {formatMoney(owed, entry.snapshot.currency)}
        </Text>
      )}
      {entry.last_error && entry.state !== 'recorded' && (
        <Text size="sm" c={entry.state === 'needs_attention' ? 'red.8' : 'dimmed'} mt={4}>
          {entry.last_error}
          {entry.attempts > 0 && ` (tried ${entry.attempts}×)`}
        </Text>
      )}
      {answerNotices(entry.answer, entry.snapshot.currency).map((notice) => (
        <Text key={notice} size="sm" c="yellow.9" mt={4}>
          {notice}
        </Text>
      ))}
      {entry.discard_reason && (
        <Text size="sm" c="dimmed" mt={4}>
          Discarded: {entry.discard_reason}
        </Text>
      )}
      {canPay && !isPaying && (
        <Button size="sm" mt="xs" variant="light" fullWidth onClick={() => setPaying(true)}>
          Record Payment
        </Button>
      )}
      {canPay && isPaying && (
        <Stack mt="xs" gap="xs" aria-label={`Record Payment of ${entry.receipt_number}`}>
          <PaymentForm
            target={recordedId ? { sale_id: recordedId } : { after_sale: entry.client_sale_id }}
            snapshot={{
              currency: entry.snapshot.currency,
              customer_name: entry.snapshot.customer_name,
              sale_label: entry.receipt_number,
              balance: owed,
            }}
            onRecorded={() => setPaying(false)}
            onSaved={() => setPaying(false)}
          />
          <Button size="sm" variant="default" onClick={() => setPaying(false)}>
            Close
          </Button>
        </Stack>
      )}
      {entry.state === 'needs_attention' && !isDiscarding && (
        <AttentionActions
          db={db}
          order={entry.order as number}
          onCorrect={correctable && !isCorrecting ? () => setCorrecting(true) : undefined}
          onDiscard={() => setDiscarding(true)}
        />
      )}
      {correctable && isCorrecting && !isDiscarding && (
        <CorrectSale
          db={db}
          entry={entry}
          correctable={correctable}
          onSent={() => {
            setCorrecting(false);
            onCorrected();
          }}
        />
      )}
      {isDiscarding && (
        <DiscardForm
          db={db}
          order={entry.order as number}
          label="Why is this sale discarded?"
          reasonRequired={COUNTER_SCREEN_MESSAGES.discardReasonRequired}
          onKeep={() => setDiscarding(false)}
        />
      )}
      {entry.state === 'needs_attention' && (
        <Alert color="gray" mt="xs" p="xs">
          Kept on this phone until retried or discarded; the export holds it too.
        </Alert>
      )}
    </Paper>
  );
}
