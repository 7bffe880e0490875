import { Button, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { COUNTER_SCREEN_MESSAGES, countOf } from '@oja/contract';
import { useState } from 'react';
import { type Correctable, correctEntry } from './outbox-repair';
import type { CounterDb, SaleEntry } from './store';

/**
 * A refused sale the clerk can fix here (ADR 0013): take out the lines of products the shop no longer sells or
 * of pack sizes it no longer has (ADR 0030), name the debtor the server could not find. It goes again as the same sale, with the same receipt number.
 */
export function CorrectSale({
  db,
  entry,
  correctable,
  onSent,
}: {
  db: CounterDb;
  entry: SaleEntry;
  correctable: Correctable;
  onSent(): void;
}) {
  const [removed, setRemoved] = useState<number[]>(correctable.goneProducts);
  const [removedPacks, setRemovedPacks] = useState<number[]>(correctable.gonePacks);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      const { counterSaleBodySchema } = await import('./schemas');
      await correctEntry(
        db,
        entry.order as number,
        {
          removeProducts: removed,
          removePacks: removedPacks,
          ...(correctable.customer ? { customer: { name, phone_number: phone } } : {}),
        },
        (body) => {
          const check = counterSaleBodySchema.safeParse(body);
          return check.success ? null : (check.error.issues[0]?.message ?? COUNTER_SCREEN_MESSAGES.notCorrectable);
        },
      );
      onSent();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : COUNTER_SCREEN_MESSAGES.notCorrectable);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack mt="xs" gap="xs" aria-label={`Correct sale ${entry.receipt_number}`}>
      {entry.snapshot.lines
        .filter((line) => correctable.goneProducts.includes(line.product_id))
        .map((line) => (
          <Checkbox
            key={line.product_id}
            label={`Remove ${line.quantity} × ${line.product_name} (${COUNTER_SCREEN_MESSAGES.productGone})`}
            checked={removed.includes(line.product_id)}
            onChange={(event) => {
              const { checked } = event.currentTarget;
              setRemoved((now) => (checked ? [...now, line.product_id] : now.filter((id) => id !== line.product_id)));
            }}
          />
        ))}
      {entry.body.lines.flatMap((line, index) => {
        const packId = line.pack_id;
        if (!packId || !correctable.gonePacks.includes(packId)) return [];
        const shown = entry.snapshot.lines[index];
        const count = shown?.unit_name ? countOf(line.quantity, shown.unit_name) : String(line.quantity);
        return [
          <Checkbox
            key={`pack:${packId}`}
            label={`Remove ${count} × ${shown?.product_name ?? ''} (${COUNTER_SCREEN_MESSAGES.packGone})`}
            checked={removedPacks.includes(packId)}
            onChange={(event) => {
              const { checked } = event.currentTarget;
              setRemovedPacks((now) => (checked ? [...now, packId] : now.filter((id) => id !== packId)));
            }}
          />,
        ];
      })}
      {correctable.customer && (
        <>
          <TextInput label="Customer's name" value={name} onChange={(event) => setName(event.currentTarget.value)} />
          <TextInput
            label="Customer's phone number"
            type="tel"
            value={phone}
            onChange={(event) => setPhone(event.currentTarget.value)}
          />
        </>
      )}
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
      <Button size="sm" loading={busy} onClick={send}>
        Send the corrected sale
      </Button>
    </Stack>
  );
}
