import { BUSINESS_TIME_ZONE } from '@oja/contract';
import { sql } from 'drizzle-orm';

/**
 * Today's date in the shops' time zone, computed by PostgreSQL: expiry ("a batch expiring today
 * is still sellable today"), daily revenue and trial ends all count Lagos calendar days.
 */
export const businessToday = sql`(now() at time zone ${BUSINESS_TIME_ZONE})::date`;

/**
 * businessToday computed once per run of a statement (an InitPlan), for a comparison that a statement makes on
 * many rows. `now() at time zone $tz` is a stable expression, not a constant: PostgreSQL evaluates it again for
 * every row a filter tests (the time zone looked up by its name, the timestamp converted), unless the comparison
 * is an index's condition, which is evaluated once per scan: a count that tests it on every batch of a large
 * catalogue spent a third of its time there. Where a comparison is an index's condition, the plain form keeps the planner's estimate of the
 * date (it evaluates now() when it plans), which an InitPlan hides from it.
 */
export const businessTodayOnce = sql`(select ${businessToday})`;
