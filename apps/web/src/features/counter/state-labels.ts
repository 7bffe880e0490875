import type { OutboxState } from './store';

/** How each state of a sale on this phone is shown (the receipt, the outbox list). */
export const STATE_LABELS: Record<OutboxState, { label: string; color: string }> = {
  waiting: { label: 'Waiting', color: 'orange' },
  sending: { label: 'Sending', color: 'blue' },
  recorded: { label: 'Recorded', color: 'teal' },
  needs_attention: { label: 'Needs attention', color: 'red' },
  discarded: { label: 'Discarded', color: 'gray' },
};
