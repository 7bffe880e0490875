import { Alert } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useSession } from '../features/auth/session';

/**
 * Mantine draws the close button 20 px square, too small for a thumb: 40 px here, its extra 10 px on each
 * side taken back by a negative margin (inside the tip's 16 px padding), so the × stays where it was.
 */
const CLOSE_BUTTON_STYLE = { width: 40, height: 40, margin: -10 } as const;

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
      styles={{ closeButton: CLOSE_BUTTON_STYLE }}
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
