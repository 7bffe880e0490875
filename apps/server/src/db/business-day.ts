import { BUSINESS_TIME_ZONE } from '@oja/contract';
import { sql } from 'drizzle-orm';

/**
 * Today's date in the shops' time zone, computed by PostgreSQL: expiry ("a batch expiring today
 * is still sellable today"), daily revenue and trial ends all count Lagos calendar days.
 */
export const businessToday = sql`(now() at time zone ${BUSINESS_TIME_ZONE})::date`;
