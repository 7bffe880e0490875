import * as z from 'zod';
import { type Currency, currencySchema, PAYMENT_METHOD_LABELS, type PaymentMethod, paymentMethodSchema } from './enums';
import { bodyId, labelledId, queryId, text } from './ids';
import { MESSAGES } from './messages';
import { formatMoney, moneyOut, moneySchema } from './money';
import { pageQuerySchema, paginated } from './pagination';

/**
 * Closing the day (cash-up, ADR 0022): what should be in the drawer, the bank and the POS per payment method
 * over a period, what was counted, and the difference with a note. `own` is one member's own takings (what they
 * recorded); `shop` is the whole business's, which only the CEO closes.
 */
export const DAY_CLOSE_SCOPES = ['own', 'shop'] as const;
export const dayCloseScopeSchema = z.enum(DAY_CLOSE_SCOPES);
export type DayCloseScope = z.infer<typeof dayCloseScopeSchema>;

export const DAY_CLOSE_MESSAGES = {
  expected: 'What should be there.',
  created: 'Day closed ✅',
  listed: 'Day closes.',
  notFound: 'Day close not found.',
  shopOnlyCeo: 'Only the CEO closes the whole shop.',
  countedInvalid: 'Enter an amount like 1500 or 1500.50.',
  countedMissing: (label: string) => `Enter what you counted for ${label}.`,
  countedTwice: (label: string) => `${label} is counted twice.`,
  noteRequired: 'The count differs from what should be there: say why in the note.',
  paidOutHint: (label: string) =>
    `More went out by ${label} than came in: nothing is left of it to count. Leave it empty, or type what is there.`,
  noteTooLong: 'A note has at most 500 characters.',
  periodEndFormat: 'The end of the period is a date and time like 2026-05-01T18:00:00Z.',
  periodEndFuture: 'The end of the period cannot be in the future.',
  closedMeanwhile: 'This period was closed meanwhile. Open Close the day again to see what is left to close.',
  pendingCount: 'Unsent sales on the phone at the close.',
  pendingStated: (count: number) =>
    `${count} sale${count === 1 ? '' : 's'} on this phone not sent yet: not in this close.`,
  saleInClosedDay: (closedBy: string) =>
    `This sale is in a day already closed (by ${closedBy}): a closed day's sales cannot be changed.`,
  expenseInClosedDay: (closedBy: string) =>
    `This expense is in a day already closed (by ${closedBy}): a closed day's expenses cannot be deleted.`,
  supplierPaymentInClosedDay: (closedBy: string) =>
    `This payment is in a day already closed (by ${closedBy}): a closed day's payments cannot be changed.`,
  noCloses: 'No day closed yet.',
  failed: {
    fetch: 'Failed to load the day close. Please try again.',
    close: 'Failed to close the day. What you typed is kept: try again.',
    list: 'Failed to load the closes. Please try again.',
  },
} as const;

const m = DAY_CLOSE_MESSAGES;

/** "Cash (NGN)" where a business has more than one currency, else "Cash". */
export function dayCloseLineLabel(method: PaymentMethod, currency: Currency, isOnlyNaira = currency === 'NGN'): string {
  return isOnlyNaira ? PAYMENT_METHOD_LABELS[method] : `${PAYMENT_METHOD_LABELS[method]} (${currency})`;
}

/** GET /day-closes/expected/: the period a close would cover now and what should be there. */
export const dayCloseExpectedQuerySchema = z.object({
  business_id: queryId(labelledId('Business ID')),
  scope: dayCloseScopeSchema.default('own'),
});

/** One method and currency of a close: money in, money back out, spent, and what should be there. */
export const dayCloseExpectedLineSchema = z.object({
  method: paymentMethodSchema,
  currency: currencySchema,
  /** Payments recorded in the period: sales and later debt payments. */
  received: moneyOut,
  /** Refunds given in the period. */
  refunded: moneyOut,
  /** Expenses recorded in the period, paid this way. */
  spent: moneyOut,
  /** received − refunded − spent: below zero when more went out this way than came in. */
  expected: moneyOut,
  /**
   * What went out this way beyond what came in (−expected when expected is below zero, else 0.00): paid from
   * elsewhere (the owner's pocket, the account's balance), so nothing of it is left to count.
   */
  paid_out: moneyOut,
});
export type DayCloseExpectedLine = z.infer<typeof dayCloseExpectedLineSchema>;

export const dayCloseExpectedSchema = z.object({
  scope: dayCloseScopeSchema,
  /** The end of the previous close of this scope (and member), or the start of today in Lagos. */
  period_start: z.string(),
  /** Now: send it back when closing, so that the close is exactly what was shown. */
  period_end: z.string(),
  lines: z.array(dayCloseExpectedLineSchema),
});
export type DayCloseExpected = z.infer<typeof dayCloseExpectedSchema>;

export const dayCloseCountedSchema = z.strictObject({
  method: paymentMethodSchema,
  currency: currencySchema.default('NGN'),
  amount: moneySchema({ invalid: m.countedInvalid }),
});

/** POST /day-closes/. */
export const createDayCloseBodySchema = z
  .strictObject({
    business_id: bodyId({ required: MESSAGES.local.businessIdRequired }),
    scope: dayCloseScopeSchema.default('own'),
    /** The period_end of the expected amounts shown; now when left out. */
    period_end: z.iso.datetime({ offset: true, error: m.periodEndFormat }).optional(),
    counted: z.array(dayCloseCountedSchema).max(20),
    note: text(undefined, { multiline: true }).trim().max(500, m.noteTooLong).default(''),
    /** Sales still in the phone's outbox at the close: stated on the close, not in its figures. */
    pending_outbox: z.number({ error: m.pendingCount }).int(m.pendingCount).min(0).max(100_000).default(0),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.counted.forEach((line, index) => {
      const key = `${line.method} ${line.currency}`;
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['counted', index],
          message: m.countedTwice(dayCloseLineLabel(line.method, line.currency)),
        });
      }
      seen.add(key);
    });
  });
export type CreateDayCloseBody = z.input<typeof createDayCloseBodySchema>;

export const dayCloseLineSchema = dayCloseExpectedLineSchema.extend({
  counted: moneyOut,
  /** counted − expected. */
  difference: moneyOut,
  /**
   * counted − what was there to count (the expected amount, or nothing when more went out than came in): below
   * zero a shortfall, above an excess. This is the difference a close is judged by (its note, its words).
   */
  count_difference: moneyOut,
});
export type DayCloseLine = z.infer<typeof dayCloseLineSchema>;

export const dayCloseSchema = z.object({
  id: z.number().int(),
  scope: dayCloseScopeSchema,
  closed_by: z.number().int().nullable(),
  closed_by_name: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  note: z.string(),
  pending_outbox: z.number().int(),
  lines: z.array(dayCloseLineSchema),
});
export type DayClose = z.infer<typeof dayCloseSchema>;

export const dayCloseAnswerSchema = z.object({ close: dayCloseSchema });

/** GET /day-closes/: newest first; the CEO's every close (or one member's), anyone else's their own. */
export const listDayClosesQuerySchema = z.object({
  business_id: queryId(labelledId('Business ID')),
  page: pageQuerySchema,
  user_id: queryId(labelledId('User ID')).optional(),
});
export type ListDayClosesQuery = z.input<typeof listDayClosesQuerySchema>;

export const dayCloseListSchema = paginated(dayCloseSchema);
export type DayCloseList = z.infer<typeof dayCloseListSchema>;

const isZero = (amount: string) => /^-?0\.00$/.test(amount);

/** What went out by a method beyond what came in, from its expected amount: −expected below zero, else 0.00. */
export function paidOutOf(expected: string): string {
  return expected.startsWith('-') && !isZero(expected) ? expected.slice(1) : '0.00';
}

/**
 * What there is to count of a method: its expected amount, or nothing when more went out this way than came in
 * (a transfer expense with no transfer takings): the count is compared with this.
 */
export function toCountOf(expected: string): string {
  return expected.startsWith('-') ? '0.00' : expected;
}

/** The expected amount as said to a person: "₦4,000.00", or "₦1,200.00 paid out" when more went out than came in. */
export function expectedWords(expected: string, currency: string): string {
  const paidOut = paidOutOf(expected);
  return isZero(paidOut) ? formatMoney(toCountOf(expected), currency) : `${formatMoney(paidOut, currency)} paid out`;
}

/** Whether any line's count differs from what there was to count. */
export function hasDifference(lines: readonly { count_difference: string }[]): boolean {
  return lines.some((line) => !isZero(line.count_difference));
}

/** A signed amount as said to a person: "₦500.00 short", "₦200.00 over", "exact". */
export function differenceWords(difference: string, currency: string): string {
  if (isZero(difference)) return 'exact';
  return difference.startsWith('-')
    ? `${formatMoney(difference.slice(1), currency)} short`
    : `${formatMoney(difference, currency)} over`;
}

/** What a close's text and paper say of it. */
export type ShareableClose = Pick<
  DayClose,
  'scope' | 'closed_by_name' | 'period_start' | 'period_end' | 'note' | 'pending_outbox' | 'lines'
>;

/**
 * A close as a WhatsApp message (and the lines of its 80 mm paper): per method what should be there, what was
 * counted and the difference, who closed and the period. `when` writes a moment as the shop reads it.
 */
export function dayCloseShareText(shopName: string, close: ShareableClose, when: (iso: string) => string): string {
  const isOnlyNaira = close.lines.every((line) => line.currency === 'NGN');
  const title = close.scope === 'shop' ? 'Day close: whole shop' : `Day close: ${close.closed_by_name}`;
  const lines = [`*${shopName}*`, title, `${when(close.period_start)} to ${when(close.period_end)}`];
  for (const line of close.lines) {
    const money = (amount: string) => formatMoney(amount, line.currency);
    lines.push(
      `${dayCloseLineLabel(line.method, line.currency, isOnlyNaira)}: ${line.expected.startsWith('-') ? '' : 'expected '}${expectedWords(line.expected, line.currency)}, counted ${money(line.counted)}, ${differenceWords(line.count_difference, line.currency)}`,
    );
  }
  if (close.note) lines.push(`Note: ${close.note}`);
  if (close.pending_outbox > 0) lines.push(m.pendingStated(close.pending_outbox));
  lines.push(`Closed by ${close.closed_by_name}`);
  return lines.join('\n');
}
