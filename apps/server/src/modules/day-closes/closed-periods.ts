import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { day_closes } from '../../db/schema';

/**
 * Who closed the period that holds a moment of a member's work, or null when it is open: the shop's close holds
 * everyone's, a member's own close their own. A closed period is read-only for the sales and expenses in it
 * (ADR 0022), so that what was counted stays what the figures say.
 */
export async function closerOf(
  db: Queryable,
  businessId: number,
  at: { moment: Date | string; memberId: number | null },
): Promise<string | null> {
  const moment = at.moment instanceof Date ? at.moment.toISOString() : at.moment;
  const { rows } = await db.execute<{ closed_by_name: string }>(sql`
    select ${day_closes.closed_by_name} as closed_by_name from ${day_closes}
    where ${day_closes.business_id} = ${businessId}
      and ${day_closes.period_end} > ${moment}::timestamptz and ${day_closes.period_start} <= ${moment}::timestamptz
      and (${day_closes.scope} = 'shop' or ${day_closes.closed_by} = ${at.memberId})
    order by ${day_closes.period_end} desc limit 1`);
  return rows[0]?.closed_by_name ?? null;
}
