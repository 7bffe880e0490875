import { Alert } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useSession } from '../features/auth/session';

const storageKey = (userId: number | string, tipId: string) => `oja:tip-dismissed:${userId}:${tipId}`;

function readDismissed(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

/** A tip the person can close (tips are dismissible); it stays closed for that person on this device. */
export function DismissibleTip({
  children,
  tipId,
  title = 'Tip',
}: {
  children: ReactNode;
  /** Names the tip in the saved choice. */
  tipId: string;
  title?: string;
}) {
  const { data: user } = useSession();
  const key = storageKey(user?.id ?? 'guest', tipId);
  const [closedKey, setClosedKey] = useState<string | null>(null);
  if (closedKey === key || readDismissed(key)) return null;
  return (
    <Alert
      variant="light"
      color="blue"
      title={title}
      withCloseButton
      closeButtonLabel="Dismiss tip"
      onClose={() => {
        try {
          window.localStorage.setItem(key, '1');
        } catch {
          // Private mode or a full storage: the tip stays closed until the page is left.
        }
        setClosedKey(key);
      }}
    >
      {children}
    </Alert>
  );
}
