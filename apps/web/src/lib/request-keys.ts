import { IDEMPOTENCY_HEADER } from '@oja/contract';
import { useRef } from 'react';

/** A fresh Idempotency-Key. getRandomValues works on plain-HTTP LAN addresses, where randomUUID does not exist. */
export function newIdempotencyKey(prefix = 'req'): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `${prefix}-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The Idempotency-Keys of one form's writes (a payment, an expense, a delivery, a new cart or product).
 *
 * On a slow network the answer of a write that did commit is often lost: the clerk sees the network error
 * and taps again. The same request sent again carries the same key, so the server makes it once and answers
 * what the first attempt made (apps/server/src/platform/idempotency.ts); a double tap is the same case. Another
 * request (the clerk changed the amount), or the same one after it succeeded (a second, real, ₦500 of fuel),
 * gets a fresh key.
 */
export class RequestKeys {
  private last: { body: string; key: string } | null = null;

  /** The header for this body: the last key again when the last request sent was this one. */
  headersFor(body: unknown): { [IDEMPOTENCY_HEADER]: string } {
    const text = JSON.stringify(body);
    if (this.last?.body !== text) this.last = { body: text, key: newIdempotencyKey() };
    return { [IDEMPOTENCY_HEADER]: this.last.key };
  }

  /** The request went through: the next one, even with the same body, is a new request. */
  succeeded(): void {
    this.last = null;
  }
}

/** The keys of a mutation hook, kept as long as the component that uses it. */
export function useRequestKeys(): RequestKeys {
  const keys = useRef<RequestKeys | null>(null);
  keys.current ??= new RequestKeys();
  return keys.current;
}
