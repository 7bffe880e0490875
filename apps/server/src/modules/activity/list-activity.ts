import {
  type ActivityList,
  BUSINESS_TIME_ZONE,
  type listActivityQuerySchema,
  PAGE_SIZE,
  pageInfo,
} from '@oja/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type * as z from 'zod';
import { activity_log } from '../../db/schema';
import type { BusinessContext } from '../../platform/tenancy';

/** The first instant of a Lagos day, so the filter compares `at` itself and the index serves it. */
const lagosDayStart = (day: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${BUSINESS_TIME_ZONE})`;

/** The business's log newest first, by kind, by who did it, and between two Lagos days (both included). */
export async function listActivity(
  ctx: BusinessContext,
  query: z.output<typeof listActivityQuerySchema>,
): Promise<ActivityList> {
  const where = and(
    eq(activity_log.business_id, ctx.businessId),
    query.kind === undefined ? undefined : eq(activity_log.kind, query.kind),
    query.user_id === undefined ? undefined : eq(activity_log.actor_id, query.user_id),
    query.from === undefined ? undefined : sql`${activity_log.at} >= ${lagosDayStart(query.from)}`,
    query.to === undefined ? undefined : sql`${activity_log.at} < ${lagosDayStart(query.to, 1)}`,
  );
  const pageSize = PAGE_SIZE.activity;
  const [[total], rows] = await Promise.all([
    ctx.db.select({ value: count() }).from(activity_log).where(where),
    ctx.db
      .select()
      .from(activity_log)
      .where(where)
      .orderBy(desc(activity_log.at), desc(activity_log.id))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
  ]);
  return {
    ...pageInfo(total?.value ?? 0, query.page, pageSize),
    results: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      kind: row.kind,
      actor: { id: row.actor_id, name: row.actor_name },
      subject: { type: row.subject_type, id: row.subject_id, label: row.subject_label },
      details: row.details,
    })),
  };
}
