import * as z from 'zod';
import { PAYMENT_METHOD_LABELS, type PaymentMethod, ROLE_LABELS, type Role } from './enums';
import { calendarDate } from './expenses';
import { labelledId, queryId } from './ids';
import { formatMoney } from './money';
import { pageQuerySchema, paginated } from './pagination';
import { describeChange, type RepricingChange } from './pricing';
import { STOCK_MOVEMENT_REASON_LABELS } from './stock';

/**
 * The activity log (ADR 0029): who changed what in a business, written in the same transaction as the change and
 * never edited. Each kind is one sort of change; `sale.return` is written by partial returns.
 */
export const ACTIVITY_KINDS = [
  'product.price',
  'product.bulk_price',
  'product.bulk_price_undo',
  'stock.adjust',
  'stock.write_off',
  'sale.cancel',
  'sale.return',
  'member.role',
  'member.activation',
  'member.remove',
  'business.update',
  'account.new_device',
  'counter.shortfall',
  'counter.price_flag',
  'supplier.payment_update',
  'supplier.payment_delete',
] as const;
export const activityKindSchema = z.enum(ACTIVITY_KINDS);
export type ActivityKind = z.infer<typeof activityKindSchema>;

/** The kinds as the log's filter names them. */
export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  'product.price': 'Price changes',
  'product.bulk_price': 'Bulk price changes',
  'product.bulk_price_undo': 'Bulk price changes undone',
  'stock.adjust': 'Stock adjustments',
  'stock.write_off': 'Write-offs',
  'sale.cancel': 'Cancelled sales',
  'sale.return': 'Returns',
  'member.role': 'Role changes',
  'member.activation': 'Activations',
  'member.remove': 'Members removed',
  'business.update': 'Business edits',
  'account.new_device': 'Sign-ins from a new device',
  'counter.shortfall': 'Counter: sold without stock',
  'counter.price_flag': 'Counter: another price charged',
  'supplier.payment_update': 'Supplier payments corrected',
  'supplier.payment_delete': 'Supplier payments deleted',
};

/** What an entry is about: its id, and its name as it was at the time (a later rename or removal keeps it). */
export const ACTIVITY_SUBJECTS = ['product', 'repricing', 'sale', 'member', 'business', 'supplier_payment'] as const;
export type ActivitySubject = (typeof ACTIVITY_SUBJECTS)[number];

export const ACTIVITY_MESSAGES = {
  listed: 'Activity.',
  title: 'Activity',
  empty: 'Nothing changed yet. Price changes, stock corrections, cancels and team changes appear here.',
  noMatches: 'Nothing matches these filters.',
  onlyCeo: 'Only the CEO can read the activity log.',
  failedFetch: 'Failed to fetch the activity log.',
  periodOrder: 'The start date must be on or before the end date.',
  someone: 'Someone',
} as const;

/** One value before and after, as exact text (money with two decimals, a role, "true"/"false"). */
export const activityChangeSchema = z.object({
  field: z.string(),
  old: z.string().nullable(),
  new: z.string().nullable(),
});
export type ActivityChange = z.infer<typeof activityChangeSchema>;

/** What changed (old → new) and the facts around it (a reason, a note, a quantity, a receipt), all as text. */
export const activityDetailsSchema = z.object({
  changes: z.array(activityChangeSchema),
  facts: z.record(z.string(), z.string()),
});
export type ActivityDetails = z.infer<typeof activityDetailsSchema>;

export const activityEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: activityKindSchema,
  actor: z.object({ id: z.number().int().nullable(), name: z.string() }),
  subject: z.object({ type: z.enum(ACTIVITY_SUBJECTS), id: z.number().int().nullable(), label: z.string() }),
  details: activityDetailsSchema,
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
export const activityListSchema = paginated(activityEntrySchema);
export type ActivityList = z.infer<typeof activityListSchema>;

/** GET /activity/: newest first, by kind, by who did it, between two Lagos days (both included). */
export const listActivityQuerySchema = z
  .object({
    business_id: queryId(labelledId('Business ID')),
    page: pageQuerySchema,
    kind: activityKindSchema.optional(),
    user_id: queryId(labelledId('User ID')).optional(),
    from: calendarDate().optional(),
    to: calendarDate().optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['from'],
    message: ACTIVITY_MESSAGES.periodOrder,
  });
export type ListActivityQuery = z.input<typeof listActivityQuerySchema>;

/** How each field of a change reads in a sentence, and how its values are shown. */
const FIELDS: Record<string, { label: string; show(value: string, currency: string): string }> = {
  selling_price: { label: 'the price', show: (value, currency) => formatMoney(value, currency) },
  wholesale_price: { label: 'the wholesale price', show: (value, currency) => formatMoney(value, currency) },
  cost_price: { label: 'the cost price', show: (value, currency) => formatMoney(value, currency) },
  unit_price: { label: 'the price', show: (value, currency) => formatMoney(value, currency) },
  discount_percentage: { label: 'the discount', show: (value) => `${value}% off` },
  selling_price_discount_percentage: { label: 'the discount', show: (value) => `${value}%` },
  wholesale_price_discount_percentage: { label: 'the wholesale discount', show: (value) => `${value}%` },
  role: { label: 'the role', show: (value) => ROLE_LABELS[value as Role] ?? value },
  amount: { label: 'the amount', show: (value, currency) => formatMoney(value, currency) },
  method: {
    label: 'the method',
    show: (value) => PAYMENT_METHOD_LABELS[value as PaymentMethod] ?? value,
  },
  name: { label: 'the name', show: (value) => `“${value}”` },
  about: { label: 'the description', show: (value) => `“${value}”` },
};
const fieldOf = (field: string) =>
  FIELDS[field] ?? { label: `the ${field.replaceAll('_', ' ')}`, show: (value: string) => `“${value}”` };

/** "the price of Peak Milk from ₦500.00 to ₦550.00 and its discount from 0.00% to 5.00%". */
function changedWords(changes: ActivityChange[], what: string, currency: string): string {
  const parts = changes.map((change) => {
    const field = fieldOf(change.field);
    const show = (value: string | null) => (value === null || value === '' ? 'nothing' : field.show(value, currency));
    return { label: field.label, range: `from ${show(change.old)} to ${show(change.new)}` };
  });
  const [first, ...rest] = parts;
  if (!first) return what;
  return listWords([
    `${first.label} of ${what} ${first.range}`,
    ...rest.map((part) => `${part.label.replace(/^the /, 'its ')} ${part.range}`),
  ]);
}

/** A counter line's price against the list's: "₦450.00 (list ₦500.00)". */
function chargedWords(change: ActivityChange, currency: string): string {
  const field = fieldOf(change.field);
  return `${field.show(change.new ?? '0', currency)} (list ${field.show(change.old ?? '0', currency)})`;
}

/** "a, b and c". */
function listWords(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

const reasonWords = (reason: string | undefined) =>
  reason ? ` (${STOCK_MOVEMENT_REASON_LABELS[reason as keyof typeof STOCK_MOVEMENT_REASON_LABELS] ?? reason})` : '';

/** An entry in words: "Ada Obi changed the price of Peak Milk from ₦500.00 to ₦550.00". */
export function activitySentence(entry: Pick<ActivityEntry, 'kind' | 'actor' | 'subject' | 'details'>): string {
  const who = entry.actor.name || ACTIVITY_MESSAGES.someone;
  const what = entry.subject.label;
  const { facts, changes } = entry.details;
  const currency = facts.currency ?? 'NGN';
  const receipt = facts.receipt_number ? ` (receipt ${facts.receipt_number})` : '';
  const note = facts.note ? `: “${facts.note}”` : '';
  switch (entry.kind) {
    case 'product.price':
      return `${who} changed ${changedWords(changes, what, currency)}`;
    case 'product.bulk_price': {
      const change = {
        method: facts.method === 'amount' ? ('amount' as const) : ('percent' as const),
        direction: facts.direction === 'lower' ? ('lower' as const) : ('raise' as const),
        value: facts.value ?? '0',
        round_to: facts.round_to ? (Number(facts.round_to) as RepricingChange['round_to']) : null,
      };
      return `${who} changed the prices of ${what} by ${describeChange(change)}`;
    }
    case 'product.bulk_price_undo':
      return `${who} undid the bulk price change of ${what}`;
    case 'stock.adjust':
      return `${who} changed the stock of ${what} by ${facts.delta}${reasonWords(facts.reason)}${note}`;
    case 'stock.write_off':
      return `${who} wrote off ${facts.quantity} of ${what}${reasonWords(facts.reason)}${note}`;
    case 'sale.cancel':
      return `${who} cancelled sale ${what}${facts.total ? ` of ${formatMoney(facts.total, currency)}` : ''}${note}`;
    case 'sale.return':
      return `${who} took back ${facts.units ? `${facts.units} ${Number(facts.units) === 1 ? 'item' : 'items'}` : 'items'} of sale ${what}${facts.value ? ` worth ${formatMoney(facts.value, currency)}` : ''}${facts.damaged === 'true' ? ', written off as damaged' : ''}${note}`;
    case 'member.role':
      return `${who} changed ${changedWords(changes, what, currency)}`;
    case 'member.activation':
      return `${who} ${changes[0]?.new === 'true' ? 'activated' : 'deactivated'} ${what}`;
    case 'member.remove':
      return `${who} removed ${what} from the business`;
    case 'business.update': {
      const logo = facts.logo === 'removed' ? ['removed the logo'] : facts.logo ? ['changed the logo'] : [];
      const edits = changes.length > 0 ? [`changed ${changedWords(changes, what, currency)}`] : [];
      return `${who} ${listWords([...edits, ...logo])}${edits.length > 0 ? '' : ` of ${what}`}`;
    }
    case 'account.new_device':
      return `${who} signed in from a new device${facts.device ? ` (${facts.device})` : ''}`;
    case 'counter.shortfall':
      return `${who} sold ${facts.quantity} of ${what} the stock did not hold${receipt}`;
    case 'counter.price_flag':
      return `${who} charged ${listWords(changes.map((change) => chargedWords(change, currency)))} for ${what}${receipt}`;
    case 'supplier.payment_update':
      return `${who} corrected ${changedWords(changes, what, currency)}`;
    case 'supplier.payment_delete':
      return `${who} deleted ${what}${facts.amount ? ` of ${formatMoney(facts.amount, currency)}` : ''}${facts.method ? ` by ${PAYMENT_METHOD_LABELS[facts.method as PaymentMethod] ?? facts.method}` : ''}${facts.reason ? `: “${facts.reason}”` : ''}`;
  }
}
