import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { migrationsDir } from '../platform/paths';

/** Any fixed number: every Oja server migrating the same database takes this lock first. */
const MIGRATION_LOCK = 7_015_001;

/**
 * Applies the committed migrations. Several servers may start at once on one
 * database; the advisory lock makes them take turns, and the later ones find
 * nothing left to do.
 */
export async function migrateDatabase(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle({ client }), { migrationsFolder: migrationsDir() });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}
