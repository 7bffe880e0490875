import type { ActivityChange, ActivityKind, ActivitySubject } from '@oja/contract';
import type { Tx } from '../../db/client';
import { activity_log } from '../../db/schema';
import type { BusinessContext } from '../../platform/tenancy';
import { personName } from '../sales/cart-items';

/** One change as a use case tells it: what kind, about what (named as it is now), old → new and the facts. */
export type ActivityInput = {
  kind: ActivityKind;
  subject: { type: ActivitySubject; id: number | null; label: string };
  changes?: ActivityChange[];
  facts?: Record<string, string>;
};

/**
 * Appends the caller's changes to the business's activity log, inside the use case's own transaction: the entry
 * exists exactly when the change committed, and a change that rolls back leaves none. Any number of entries is one
 * INSERT. The table refuses UPDATE and DELETE (migration 0049), so what is written here stays as written.
 */
export async function recordActivity(
  tx: Tx,
  ctx: Pick<BusinessContext, 'businessId' | 'actor'>,
  entries: ActivityInput | ActivityInput[],
): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  const actorName = personName(ctx.actor.user).trim();
  await tx.insert(activity_log).values(
    list.map((entry) => ({
      business_id: ctx.businessId,
      actor_id: ctx.actor.userId,
      actor_name: actorName,
      kind: entry.kind,
      subject_type: entry.subject.type,
      subject_id: entry.subject.id,
      subject_label: entry.subject.label,
      details: { changes: entry.changes ?? [], facts: entry.facts ?? {} },
    })),
  );
}

const asText = (value: unknown) =>
  value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : String(value);

/** The fields whose value differs between before and after, old → new as text, in the order given. */
export function changesOf<F extends string>(
  before: Partial<Record<F, unknown>>,
  after: Partial<Record<F, unknown>>,
  fields: readonly F[],
): ActivityChange[] {
  return fields.flatMap((field) => {
    const old = asText(before[field]);
    const now = asText(after[field]);
    return old === now ? [] : [{ field, old, new: now }];
  });
}

/** What a product's price entry watches: its prices, its discounts, its cost. */
export const PRICE_FIELDS = [
  'selling_price',
  'selling_price_discount_percentage',
  'wholesale_price',
  'wholesale_price_discount_percentage',
  'cost_price',
] as const;

/** "1 product", "12 products": a bulk change's subject. */
export const productCount = (count: number) => `${count} product${count === 1 ? '' : 's'}`;
