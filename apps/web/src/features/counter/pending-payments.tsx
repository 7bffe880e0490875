import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { formatMoney, PAYMENT_METHOD_LABELS, type SaleDetail } from '@oja/contract';
import { useEffect, useRef } from 'react';
import { STATE_LABELS } from './state-labels';
import type { PaymentEntry } from './store';
import { useCounter, useLive } from './use-counter';

/**
 * A sale's payments made on this phone that the server has not taken yet, each with its state and reason
 * (ADR 0019); when one is recorded, `onRecorded` hands the page the sale as the server answered it.
 */
export default function PendingPayments({
  saleId,
  currency,
  onRecorded,
}: {
  saleId: number;
  currency: string;
  onRecorded(sale: SaleDetail): void;
}) {
  const { db } = useCounter();
  const entries = useLive(
    db,
    async (store) =>
      (await store.outbox.where('sale_id').equals(saleId).toArray()).filter(
        (entry): entry is PaymentEntry => entry.kind === 'payment',
      ),
    [saleId],
  );
  const waiting = entries?.filter((entry) => entry.state !== 'recorded' && entry.state !== 'discarded') ?? [];
  // Those seen waiting on this page: once recorded, the page shows the sale as the server now has it.
  const seen = useRef(new Set<number>());
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the store's answer changes
  useEffect(() => {
    for (const entry of entries ?? []) {
      const order = entry.order as number;
      if (entry.state === 'recorded' && seen.current.has(order) && entry.answer) {
        seen.current.delete(order);
        onRecorded(entry.answer.sale);
      } else if (entry.state !== 'recorded' && entry.state !== 'discarded') {
        seen.current.add(order);
      }
    }
  }, [entries]);
  if (waiting.length === 0) return null;
  return (
    <Stack gap="xs" role="group" aria-label="Payments on this phone">
      <Text size="sm" fw={600}>
        On this phone, not yet recorded
      </Text>
      {waiting.map((entry) => {
        const state = STATE_LABELS[entry.state];
        return (
          <Paper key={entry.order} withBorder p="xs" aria-label={`Payment of ${formatMoney(entry.amount, currency)}`}>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">
                {formatMoney(entry.amount, currency)} · {PAYMENT_METHOD_LABELS[entry.method]}
              </Text>
              <Badge color={state.color}>{state.label}</Badge>
            </Group>
            {entry.last_error && (
              <Text size="sm" c={entry.state === 'needs_attention' ? 'red.8' : 'dimmed'} mt={4}>
                {entry.last_error}
              </Text>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
