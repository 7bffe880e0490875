import { useEffect } from 'react';
import { outboxSummary } from '../counter/outbox';
import { useCounter, useLive } from '../counter/use-counter';

/**
 * The phone's unsent sales and debt payments, for a seller: stated on the close when any wait. Its own module,
 * loaded after the page: the counter's store (Dexie) is a good part of what the Sell screen weighs.
 */
export default function OutboxPending({ onCount }: { onCount(count: number): void }) {
  const { db } = useCounter();
  const summary = useLive(db, outboxSummary, []);
  const count = summary?.pending ?? 0;
  useEffect(() => onCount(count), [count, onCount]);
  return null;
}
