import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@oja/contract';
import { describe, expect, it } from 'vitest';
import { newIdempotencyKey, RequestKeys } from './request-keys';

const keyOf = (keys: RequestKeys, body: unknown) => keys.headersFor(body)[IDEMPOTENCY_HEADER];

describe('RequestKeys', () => {
  it('sends the same request again with the same key, so the server makes it once', () => {
    const keys = new RequestKeys();
    const payment = { sale_id: 7, amount: '500.00', method: 'cash' };
    const first = keyOf(keys, payment);
    expect(keyOf(keys, { ...payment })).toBe(first);
    expect(first).toMatch(IDEMPOTENCY_KEY_PATTERN);
  });

  it('gives another request, or the same one after it went through, a fresh key', () => {
    const keys = new RequestKeys();
    const first = keyOf(keys, { amount: '500.00' });
    const changed = keyOf(keys, { amount: '600.00' });
    expect(changed).not.toBe(first);
    keys.succeeded();
    expect(keyOf(keys, { amount: '600.00' })).not.toBe(changed);
  });

  it('draws keys the contract accepts, each new', () => {
    const drawn = new Set(Array.from({ length: 50 }, () => newIdempotencyKey('sale')));
    expect(drawn.size).toBe(50);
    for (const key of drawn) expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
  });
});
