import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea, UnstyledButton } from '@mantine/core';
import { COUNTER_SCREEN_MESSAGES, formatMoney } from '@oja/contract';
import { useState } from 'react';
import { formatDateTime } from '../../lib/format';
import { Modal } from '../../ui/modal';
import { answerNotices } from './answer-notices';
import { CorrectSale } from './correct-sale';
import { correctableOf, discardEntry, exportOutbox, outboxSummary, retryEntry } from './outbox';
import { STATE_LABELS } from './state-labels';
import type { CounterDb, OutboxEntry } from './store';
import { useCounter, useLive, useOnline } from './use-counter';

/**
 * The header's count of sales on this phone that have not reached the server (always shown to a seller, and
 * the outbox's engine running behind it on every page of the business); a tap opens the list.
 */
/** After the page's own first reads: the copy's sync and the outbox share the network with nothing urgent. */
const START_AFTER_MS = 2_000;

export default function OutboxIndicator() {
  const { db } = useCounter(START_AFTER_MS);
  const isOnline = useOnline();
  const summary = useLive(db, outboxSummary, []);
  const [isOpen, setOpen] = useState(false);
  const pending = summary?.pending ?? 0;
  const color = summary?.needsAttention ? 'red' : pending > 0 ? 'orange' : 'teal';
  return (
    <>
      <UnstyledButton
        onClick={() => setOpen(true)}
        aria-label={`Sales waiting to send: ${pending}`}
        mih={40}
        px={4}
        style={{ display: 'flex', alignItems: 'center' }}
      >
        <Badge color={color} variant={pending > 0 ? 'filled' : 'light'} size="lg" tt="none">
          {isOnline ? '' : 'Offline · '}
          {pending} waiting
        </Badge>
      </UnstyledButton>
      <Modal opened={isOpen} onClose={() => setOpen(false)} title="Sales on this phone" fullScreen>
        {isOpen && <OutboxList db={db} />}
      </Modal>
    </>
  );
}

function OutboxList({ db }: { db: CounterDb }) {
  const service = useCounter();
  const entries = useLive(db, (store) => store.outbox.reverse().limit(200).toArray(), []);
  const pending = entries?.filter((entry) => entry.state !== 'recorded' && entry.state !== 'discarded') ?? [];
  // What the copy still sells: a refused line of a product not in it may be taken out of its sale.
  const soldIds = useLive(db, (store) => store.products.toCollection().primaryKeys(), []);
  const sold = new Set(soldIds ?? []);
  const download = async () => {
    const blob = new Blob([await exportOutbox(db)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const link = Object.assign(document.createElement('a'), { href: url, download: `oja-outbox-${db.name}.json` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    <Stack gap="sm">
      <Group grow>
        <Button onClick={() => service.kick()} disabled={pending.length === 0}>
          Send now
        </Button>
        <Button variant="default" onClick={download}>
          Export (JSON)
        </Button>
      </Group>
      {pending.length === 0 && <Text c="dimmed">{COUNTER_SCREEN_MESSAGES.nothingWaits}</Text>}
      {entries?.map((entry) => (
        <OutboxRow key={entry.order} db={db} entry={entry} sold={sold} onCorrected={() => service.kick()} />
      ))}
    </Stack>
  );
}

function OutboxRow({
  db,
  entry,
  sold,
  onCorrected,
}: {
  db: CounterDb;
  entry: OutboxEntry;
  sold: ReadonlySet<number>;
  onCorrected(): void;
}) {
  const [isDiscarding, setDiscarding] = useState(false);
  const [isCorrecting, setCorrecting] = useState(false);
  const correctable = correctableOf(entry, sold);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const state = STATE_LABELS[entry.state];
  return (
    <Paper withBorder p="sm" aria-label={`Sale ${entry.receipt_number}`}>
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Text fw={600}>{entry.receipt_number}</Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(entry.body.sold_at)} · {entry.snapshot.customer_name}
          </Text>
        </div>
        <Stack gap={2} align="flex-end">
          <Text fw={600}>{formatMoney(entry.snapshot.total, entry.snapshot.currency)}</Text>
          <Badge color={state.color}>{state.label}</Badge>
        </Stack>
      </Group>
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
      {entry.state === 'needs_attention' && !isDiscarding && (
        <Group mt="xs" grow>
          {correctable && !isCorrecting && (
            <Button size="sm" onClick={() => setCorrecting(true)}>
              Correct…
            </Button>
          )}
          <Button
            size="sm"
            variant={correctable ? 'default' : 'filled'}
            onClick={() => retryEntry(db, entry.order as number)}
          >
            Retry
          </Button>
          <Button size="sm" variant="default" color="red" onClick={() => setDiscarding(true)}>
            Discard…
          </Button>
        </Group>
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
        <Stack mt="xs" gap="xs">
          <Textarea
            label="Why is this sale discarded?"
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
            error={error}
          />
          <Group grow>
            <Button size="sm" variant="default" onClick={() => setDiscarding(false)}>
              Keep it
            </Button>
            <Button
              size="sm"
              color="red"
              onClick={() =>
                discardEntry(db, entry.order as number, reason).catch(() =>
                  setError(COUNTER_SCREEN_MESSAGES.discardReasonRequired),
                )
              }
            >
              Discard
            </Button>
          </Group>
        </Stack>
      )}
      {entry.state === 'needs_attention' && (
        <Alert color="gray" mt="xs" p="xs">
          Kept on this phone until retried or discarded; the export holds it too.
        </Alert>
      )}
    </Paper>
  );
}
