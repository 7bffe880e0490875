import type { Cart } from '@oja/contract';
import { describe, expect, it } from 'vitest';
import { type CartDraft, clearDraft, readDraft, restoredValues, writeDraft } from './cart-draft';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const line = (product_id: number, quantity: number) => ({
  product_id,
  quantity,
  pricing_strategy: 'retail' as const,
  apply_discount: true,
});
const draft = (items: ReturnType<typeof line>[], base: CartDraft['base'] = null): CartDraft => ({
  values: { title: 'Cart-7', customer_name: 'Iya Bose', customer_id: null, items },
  info: {},
  base,
});

describe('cart drafts', () => {
  it('keeps one draft per person, business and cart, until it is cleared', () => {
    const storage = memoryStorage();
    const scope = { userId: 1, businessId: 2, cartId: null };
    writeDraft(scope, draft([line(5, 3)]), storage);
    expect(readDraft(scope, storage)?.values.items).toEqual([line(5, 3)]);
    expect(readDraft({ ...scope, userId: 9 }, storage)).toBeNull();
    expect(readDraft({ ...scope, businessId: 3 }, storage)).toBeNull();
    expect(readDraft({ ...scope, cartId: 4 }, storage)).toBeNull();
    clearDraft(scope, storage);
    expect(readDraft(scope, storage)).toBeNull();
  });

  it('reads a broken entry as no draft', () => {
    const storage = memoryStorage();
    const scope = { userId: 1, businessId: 2, cartId: null };
    storage.setItem('oja:cart-draft:1:2:new', '{not json');
    expect(readDraft(scope, storage)).toBeNull();
    storage.setItem('oja:cart-draft:1:2:new', '{"values":{}}');
    expect(readDraft(scope, storage)).toBeNull();
  });

  it('lays a draft of a cart saved elsewhere since over the saved lines', () => {
    const base = { updated_at: '2026-12-05T10:00:00Z', items: [line(1, 1), line(2, 2)] };
    const mine = draft([line(1, 4), line(2, 2)], base);
    const saved = {
      updated_at: '2026-12-05T10:05:00Z',
      items: [
        { ...line(1, 1), product_batch_id: null },
        { ...line(3, 6), product_batch_id: null },
      ],
    } as unknown as Cart;
    // Their removal of product 2 and addition of product 3 stay; this phone's 4 of product 1 too.
    expect(restoredValues(mine, saved).items).toEqual([line(1, 4), { ...line(3, 6), product_batch_id: null }]);
    expect(restoredValues(mine, { ...saved, updated_at: base.updated_at }).items).toEqual(mine.values.items);
  });
});
