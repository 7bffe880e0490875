import { ApiError } from './api';

/**
 * The last answer of the few reads a signed-in page cannot open without (who is signed in, the business of the
 * address), kept on the phone so that the app opens with no network (the counter sells from its own copy).
 * Used only when the network failed; the server's answer replaces it whenever it comes. Forgotten at logout.
 */
const PREFIX = 'oja-last:';

/** Keeps an answer (also one that came with the page itself, lib/early-reads.ts, which no query function saw). */
export function rememberLastKnown(key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // A full or disabled storage only costs the offline start.
  }
}

export async function orLastKnown<T>(key: string, read: () => Promise<T>): Promise<T> {
  try {
    const value = await read();
    rememberLastKnown(key, value);
    return value;
  } catch (error) {
    if (error instanceof ApiError && error.status === 0) {
      const kept = localStorage.getItem(PREFIX + key);
      if (kept !== null) return JSON.parse(kept) as T;
    }
    throw error;
  }
}

export function forgetLastKnown(): void {
  for (let index = localStorage.length - 1; index >= 0; index -= 1) {
    const key = localStorage.key(index);
    if (key?.startsWith(PREFIX)) localStorage.removeItem(key);
  }
}
