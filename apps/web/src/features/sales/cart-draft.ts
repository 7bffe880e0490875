import type { Cart, CartFormValues } from '@oja/contract';
import { type LineInfo, type LineInput, lineInputs, rebaseLines } from './cart-lines';

/**
 * A cart being built, kept in the browser as it is typed: a reload, a dropped tab or a phone that killed the
 * browser to free memory loses nothing. One per person, business and cart (a new cart is "new"); it goes when
 * the cart is saved or the dialog is closed.
 */
export type CartDraft = {
  values: CartFormValues;
  /** What each line shows (name, price, stock), so the restored lines read as they did. */
  info: Record<string, LineInfo>;
  /** The saved cart the draft was made on: its version and lines, to lay the draft over a newer one. */
  base: { updated_at: string; items: LineInput[] } | null;
};

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type DraftScope = { userId: number; businessId: number; cartId: number | null };

const draftKey = ({ userId, businessId, cartId }: DraftScope) =>
  `oja:cart-draft:${userId}:${businessId}:${cartId ?? 'new'}`;

/** The browser's storage, or none where it is refused (a private window's quota, a blocked site). */
function browserStorage(): DraftStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readDraft(scope: DraftScope, storage = browserStorage()): CartDraft | null {
  try {
    const text = storage?.getItem(draftKey(scope));
    if (!text) return null;
    const draft = JSON.parse(text) as CartDraft;
    return draft && typeof draft === 'object' && Array.isArray(draft.values?.items) ? draft : null;
  } catch {
    return null;
  }
}

export function writeDraft(scope: DraftScope, draft: CartDraft, storage = browserStorage()): void {
  try {
    storage?.setItem(draftKey(scope), JSON.stringify(draft));
  } catch {
    // A full storage keeps the dialog working: only the draft is not kept.
  }
}

export function clearDraft(scope: DraftScope, storage = browserStorage()): void {
  try {
    storage?.removeItem(draftKey(scope));
  } catch {
    // Nothing to clear where nothing could be kept.
  }
}

/**
 * The draft's values laid over the cart as it is now: when the cart was saved elsewhere since the draft was
 * made, its lines become the saved ones with the draft's own changes on top (rebaseLines), as after a conflict.
 */
export function restoredValues(draft: CartDraft, cart: Cart | null): CartFormValues {
  if (!cart || !draft.base || draft.base.updated_at === cart.updated_at) return draft.values;
  return {
    ...draft.values,
    items: rebaseLines(draft.base.items, draft.values.items as LineInput[], lineInputs(cart)),
  };
}
