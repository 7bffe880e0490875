import { Badge, UnstyledButton } from '@mantine/core';
import { IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { loadOnOpen } from '../../ui/load-on-open';
import { outboxSummary } from './outbox';
import { useCounter, useLive, useOnline } from './use-counter';

/**
 * The list, its rows' forms and the Modal around them come when the count is first tapped: the count is on every
 * page of a seller, the Sell screen's first among them, and their code (Modal, Select, floating-ui, the dialogs'
 * chunk) would otherwise download beside the Sell screen's copy of the products.
 */
const OutboxModal = loadOnOpen(
  () => import('./outbox-modal').then((module) => module.OutboxModal),
  (props) => props.opened,
);

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
        {...OutboxModal.intent}
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
      <OutboxModal db={db} opened={isOpen} onClose={() => setOpen(false)} />
    </>
  );
}
