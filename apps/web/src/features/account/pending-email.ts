import { CODE_TTL_MINUTES } from '@oja/contract';
import { useCallback, useState } from 'react';

/**
 * A new email that waits for the code mailed to it (update-profile, after the password), kept for the code's
 * life in this tab, across the dialog's closing and a reload: "Later" on the code step is then a way back to it,
 * not a dead end that only a new code would open again.
 */
type Pending = { email: string; until: number };

const keyOf = (userId: number) => `oja.pending-email.${userId}`;

function readPending(userId: number): string | null {
  try {
    const raw = sessionStorage.getItem(keyOf(userId));
    const pending = raw ? (JSON.parse(raw) as Partial<Pending>) : null;
    if (pending && typeof pending.email === 'string' && (pending.until ?? 0) > Date.now()) return pending.email;
    sessionStorage.removeItem(keyOf(userId));
  } catch {
    // A storage the browser refuses (a private window's quota) keeps nothing: the dialog still works.
  }
  return null;
}

function writePending(userId: number, email: string | null): void {
  try {
    if (email) {
      const pending: Pending = { email, until: Date.now() + CODE_TTL_MINUTES * 60_000 };
      sessionStorage.setItem(keyOf(userId), JSON.stringify(pending));
    } else {
      sessionStorage.removeItem(keyOf(userId));
    }
  } catch {
    // As above: nothing kept, nothing lost.
  }
}

/** The pending new email of this user, and how to set or clear it. */
export function usePendingEmail(userId: number): [string | null, (email: string | null) => void] {
  const [email, setEmail] = useState(() => readPending(userId));
  const set = useCallback(
    (next: string | null) => {
      writePending(userId, next);
      setEmail(next);
    },
    [userId],
  );
  return [email, set];
}
