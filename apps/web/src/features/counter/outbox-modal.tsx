import { Button, Group, Stack, Text } from '@mantine/core';
import { COUNTER_SCREEN_MESSAGES } from '@oja/contract';
import { Modal } from '../../ui/modal';
import { readCopy } from './catalogue';
import { exportOutbox, owedOnPhone } from './outbox-repair';
import { PaymentRow } from './payment-row';
import { SaleRow } from './sale-row';
import type { CounterDb } from './store';
import { useCounter, useLive } from './use-counter';

const NOTHING: ReadonlySet<number> = new Set();

/** The list of the sales and debt payments on this phone, opened from the header's count (outbox-indicator.tsx). */
export function OutboxModal({ db, opened, onClose }: { db: CounterDb; opened: boolean; onClose(): void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Sales on this phone" fullScreen>
      {opened && <OutboxList db={db} />}
    </Modal>
  );
}

function OutboxList({ db }: { db: CounterDb }) {
  const service = useCounter();
  const entries = useLive(db, (store) => store.outbox.reverse().limit(200).toArray(), []);
  const pending = entries?.filter((entry) => entry.state !== 'recorded' && entry.state !== 'discarded') ?? [];
  // What the copy still sells: a refused line of a product not in it may be taken out of its sale.
  const copy = useLive(db, readCopy, []);
  const sold = copy?.products ?? NOTHING;
  // And the pack sizes the copy still sells, of the products a refused sale sold by the pack: one may have been
  // removed since.
  const packProducts = pending.flatMap((entry) =>
    entry.kind === 'sale' && entry.state === 'needs_attention'
      ? entry.body.lines.flatMap((line) => (line.pack_id ? [line.product_id] : []))
      : [],
  );
  const soldPacks = copy
    ? new Set(packProducts.flatMap((id) => copy.products.get(id)?.packs?.map((pack) => pack.id) ?? []))
    : undefined;
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
            soldPacks={soldPacks}
            onCorrected={() => service.kick()}
          />
        ) : (
          <PaymentRow key={entry.order} db={db} entry={entry} onCorrected={() => service.kick()} />
        ),
      )}
    </Stack>
  );
}
