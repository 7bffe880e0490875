import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

/** Waits until `count` backends of this test's database are waiting on a lock (a request stopped mid-transaction). */
export async function lockWaiters(db: Db, count: number): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    const result = await db.execute<{ waiting: number }>(
      sql`select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((result.rows[0]?.waiting ?? 0) >= count) return;
    await new Promise((done) => setTimeout(done, 25));
  }
  throw new Error(`Fewer than ${count} requests ever waited on a lock.`);
}
