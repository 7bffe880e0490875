import { Button, Group } from '@mantine/core';
import { retryEntry } from './outbox-repair';
import type { CounterDb } from './store';

/** What a sale or payment that needs attention offers: Correct… (when it can be), Retry and Discard…. */
export function AttentionActions({
  db,
  order,
  onCorrect,
  onDiscard,
}: {
  db: CounterDb;
  order: number;
  /** Absent when nothing the server named can be corrected on the phone. */
  onCorrect?: () => void;
  onDiscard(): void;
}) {
  return (
    <Group mt="xs" grow>
      {onCorrect && (
        <Button size="sm" onClick={onCorrect}>
          Correct…
        </Button>
      )}
      <Button size="sm" variant={onCorrect ? 'default' : 'filled'} onClick={() => retryEntry(db, order)}>
        Retry
      </Button>
      <Button size="sm" variant="default" color="red" onClick={onDiscard}>
        Discard…
      </Button>
    </Group>
  );
}
