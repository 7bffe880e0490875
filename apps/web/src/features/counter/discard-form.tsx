import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { discardEntry } from './outbox-repair';
import type { CounterDb } from './store';

/** Puts a refused sale or payment away with the reason given: it stays on the phone and in the export. */
export function DiscardForm({
  db,
  order,
  label,
  reasonRequired,
  onKeep,
}: {
  db: CounterDb;
  order: number;
  /** "Why is this sale discarded?" */
  label: string;
  reasonRequired: string;
  onKeep(): void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack mt="xs" gap="xs">
      <Textarea
        label={label}
        value={reason}
        onChange={(event) => {
          setReason(event.currentTarget.value);
          setError(null);
        }}
        error={error}
      />
      <Group grow>
        <Button size="sm" variant="default" onClick={onKeep}>
          Keep it
        </Button>
        <Button
          size="sm"
          color="red"
          onClick={() => discardEntry(db, order, reason).catch(() => setError(reasonRequired))}
        >
          Discard
        </Button>
      </Group>
    </Stack>
  );
}
