import {
  type createDayCloseBodySchema,
  DAY_CLOSE_MESSAGES,
  type DayClose,
  type DayCloseLine,
  dayCloseLineLabel,
  fromKobo,
  toCountOf,
  toKobo,
} from '@oja/contract';
import { sql } from 'drizzle-orm';
import type * as z from 'zod';
import type { Tx } from '../../db/client';
import { day_close_lines, day_closes } from '../../db/schema';
import { badRequest, conflict, fieldError, pgConstraint } from '../../platform/errors';
import { type RequestKey, writeOnce } from '../../platform/idempotency';
import type { BusinessContext } from '../../platform/tenancy';
import { loadDayClose } from './day-close-answer';
import { expectedLines, ISO_MS, kobo, nextPeriod } from './expected-lines';
import { closeOf } from './get-day-close-expected';

type CreateDayCloseInput = z.output<typeof createDayCloseBodySchema>;

const PERIOD_KEYS = ['day_closes_own_period_key', 'day_closes_shop_period_key'];

/**
 * Closes the day: the period from where the previous close of the scope ended up to the end the phone was shown
 * (or now), what should be there per method, what was counted and the difference, with a note whenever a count
 * differs. With an Idempotency-Key a phone that sends it twice makes one close; two closes of the same period
 * racing with different keys compute the same start, and the unique index refuses the second (409).
 */
export async function createDayClose(
  ctx: BusinessContext,
  input: CreateDayCloseInput,
  requestKey: RequestKey | null = null,
): Promise<{ close: DayClose; isReplay: boolean }> {
  const of = closeOf(ctx, input.scope);
  let once: { subjectId: number; isReplay: boolean };
  try {
    once = await writeOnce(ctx.db, { businessId: ctx.businessId, userId: ctx.actor.userId }, requestKey, (tx) =>
      insertClose(tx, ctx, input),
    );
  } catch (error) {
    if (PERIOD_KEYS.includes(pgConstraint(error) ?? '')) throw conflict(DAY_CLOSE_MESSAGES.closedMeanwhile);
    throw error;
  }
  const close = await loadDayClose(ctx.db, of.businessId, once.subjectId);
  return { close, isReplay: once.isReplay };
}

async function insertClose(tx: Tx, ctx: BusinessContext, input: CreateDayCloseInput): Promise<number> {
  const of = closeOf(ctx, input.scope);
  const { start, now } = await nextPeriod(tx, of);
  const end = input.period_end ?? now;
  const { rows } = await tx.execute<{ is_future: boolean; is_before_start: boolean; end_at: string }>(sql`
    select ${end}::timestamptz > ${now}::timestamptz as is_future,
      ${end}::timestamptz < ${start}::timestamptz as is_before_start,
      to_char(date_trunc('milliseconds', ${end}::timestamptz) at time zone 'UTC', ${ISO_MS}) as end_at`);
  const [when] = rows;
  if (!when || when.is_future) throw fieldError('period_end', DAY_CLOSE_MESSAGES.periodEndFuture);
  // The previous close ended after the end shown: another close took this period meanwhile.
  if (when.is_before_start) throw conflict(DAY_CLOSE_MESSAGES.closedMeanwhile);

  const expected = await expectedLines(tx, of, { start, end: when.end_at });
  const lines = countedLines(expected, input.counted);
  if (lines.some((line) => line.count_difference !== '0.00') && input.note === '') {
    throw fieldError('note', DAY_CLOSE_MESSAGES.noteRequired);
  }
  const user = ctx.actor.user;
  const [close] = await tx
    .insert(day_closes)
    .values({
      business_id: ctx.businessId,
      scope: input.scope,
      closed_by: ctx.actor.userId,
      closed_by_name: `${user.first_name} ${user.last_name}`.trim(),
      period_start: new Date(start),
      period_end: new Date(when.end_at),
      note: input.note,
      pending_outbox: input.pending_outbox,
    })
    .returning({ id: day_closes.id });
  if (!close) throw new Error('The close was not recorded.');
  await tx.insert(day_close_lines).values(
    lines.map(({ paid_out: _, count_difference: __, ...line }) => ({
      business_id: ctx.businessId,
      close_id: close.id,
      ...line,
    })),
  );
  return close.id;
}

/**
 * Every expected line with its count: a line where something should be there must be counted (a count left out
 * would be read as nothing there, a shortfall nobody meant); a count of a method that moved nothing is a line too.
 * A method that paid out more than it took in has nothing to count: left out, it is counted as nothing, which is
 * exact against it (toCountOf).
 */
function countedLines(
  expected: Awaited<ReturnType<typeof expectedLines>>,
  counted: CreateDayCloseInput['counted'],
): DayCloseLine[] {
  const countOf = new Map(counted.map((line) => [`${line.method} ${line.currency}`, line.amount]));
  const isOnlyNaira = expected.every((line) => line.currency === 'NGN');
  const lines: DayCloseLine[] = expected.map((line) => {
    const key = `${line.method} ${line.currency}`;
    const amount = countOf.get(key);
    countOf.delete(key);
    if (amount === undefined && toCountOf(line.expected) !== '0.00') {
      throw badRequest(DAY_CLOSE_MESSAGES.countedMissing(dayCloseLineLabel(line.method, line.currency, isOnlyNaira)), {
        counted: [DAY_CLOSE_MESSAGES.countedMissing(dayCloseLineLabel(line.method, line.currency, isOnlyNaira))],
      });
    }
    const count = amount ?? '0.00';
    return {
      ...line,
      counted: count,
      difference: fromKobo(toKobo(count) - kobo(line.expected)),
      count_difference: fromKobo(toKobo(count) - kobo(toCountOf(line.expected))),
    };
  });
  for (const extra of counted) {
    const key = `${extra.method} ${extra.currency}`;
    if (!countOf.has(key)) continue;
    lines.push({
      method: extra.method,
      currency: extra.currency,
      received: '0.00',
      refunded: '0.00',
      spent: '0.00',
      expected: '0.00',
      paid_out: '0.00',
      counted: extra.amount,
      difference: extra.amount,
      count_difference: extra.amount,
    });
  }
  return lines;
}
