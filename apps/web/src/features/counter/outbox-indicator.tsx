import { Badge, Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { COUNTER_SCREEN_MESSAGES } from '@oja/contract';
import { IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Modal } from '../../ui/modal';
import { exportOutbox, outboxSummary, owedOnPhone } from './outbox';
import { PaymentRow } from './payment-row';
import { SaleRow } from './sale-row';
import type { CounterDb } from './store';
import { useCounter, useLive, useOnline } from './use-counter';

/** The indicator's name, read aloud and by the tests: whether the phone is offline, and how much waits. */
export function waitingLabel(isOnline: boolean, pending: number): string {
  // No "pay" in it: the Sell screen's button is found by that name.
  return `${isOnline ? '' : 'Offline. '}Waiting to send: ${pending} (sales and debts paid)`;
}

/**
 * The header's count of sales and debt payments on this phone that have not reached the server (always shown to a
 * seller, and the outbox's engine running behind it on every page of the business); a tap opens the list.
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
        aria-label={waitingLabel(isOnline, pending)}
        mih={40}
        px={4}
        style={{ display: 'flex', alignItems: 'center' }}
      >
        {/* An icon and two short words: "Offline · 5 waiting" was cut at 360 px; the full words are its name. */}
        <Badge
          color={color}
          variant={pending > 0 ? 'filled' : 'light'}
          size="lg"
          tt="none"
          leftSection={isOnline ? <IconCloudUpload size={16} aria-hidden /> : <IconCloudOff size={16} aria-hidden />}
        >
          {pending} to send
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
      {entries?.map((entry) =>
        entry.kind === 'sale' ? (
          <SaleRow
            key={entry.order}
            db={db}
            entry={entry}
            owed={owedOnPhone(entry, entries)}
            sold={sold}
            onCorrected={() => service.kick()}
          />
        ) : (
          <PaymentRow key={entry.order} db={db} entry={entry} onCorrected={() => service.kick()} />
        ),
      )}
    </Stack>
  );
}
