import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';
import { nameStatements, StatementNames } from './statement-names';

/** A drizzle handle: the pool's, or (transaction.ts, the demo) one connection's; `$client` is the one it runs on. */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool | pg.ClientBase };
/** A transaction handle: the same query API as Db, used by everything inside a use case's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the pool or a transaction: what a read-only query helper accepts. */
export type Queryable = Db | Tx;

export type Database = { db: Db; pool: pg.Pool; close(): Promise<void> };

export function connect(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // A statement that runs away must not hold a connection (and its locks) for ever.
    statement_timeout: 30_000,
    idle_in_transaction_session_timeout: 60_000,
    application_name: 'oja',
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  // Nor may a checked-out one (a transaction between two statements): pg emits 'error' on the client
  // itself, which pg-pool listens to only while the client is idle. The statement in flight still fails
  // (a 503, see isConnectionLost), and the broken client is discarded when it is released.
  // Each connection plans a statement run more than once only once (statement-names.ts).
  const names = new StatementNames();
  pool.on('connect', (client) => {
    client.on('error', () => {});
    nameStatements(client, names);
  });
  const db = drizzle({ client: pool, schema, casing: 'snake_case' });
  return { db, pool, close: () => pool.end() };
}
