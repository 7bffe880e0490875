import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db, Queryable, Tx } from './client';
import * as schema from './schema';

/**
 * A use case's transaction, on a connection whose drizzle handle lasts as long as the connection: the hot
 * statements (built-once.ts) are drizzle prepared statements, and one prepared on that handle runs on its
 * connection, so inside this transaction, and is kept for the connection's next transactions.
 *
 * Why not `db.transaction` on the pool: drizzle then makes a session for one checkout, and a statement
 * prepared on the pool's handle runs on the pool, outside the transaction it is called in.
 *
 * On the pool's handle (`$client` a pg.Pool) the transaction takes a connection of the pool and gives it back
 * at the end, as drizzle's own does. On a handle already bound to one connection, or inside a transaction,
 * it is drizzle's (a savepoint inside a transaction) on that same connection.
 */
export async function transaction<T>(db: Queryable, work: (tx: Tx) => Promise<T>): Promise<T> {
  if ('$client' in db && db.$client instanceof pg.Pool) {
    const connection = await db.$client.connect();
    try {
      return await runOn(handleOf(connection), work);
    } finally {
      connection.release();
    }
  }
  return runOn(db, work);
}

function runOn<T>(db: Queryable, work: (tx: Tx) => Promise<T>): Promise<T> {
  const owner = connectionOf(db);
  return db.transaction((tx) => {
    if (owner) owners.set(tx, owner);
    return work(tx);
  });
}

/** Each pooled connection's own drizzle handle, made on its first transaction. */
const handles = new WeakMap<pg.PoolClient, Db>();

function handleOf(connection: pg.PoolClient): Db {
  let handle = handles.get(connection);
  if (!handle) {
    handle = drizzle({ client: connection, schema, casing: 'snake_case' });
    handles.set(connection, handle);
  }
  return handle;
}

/** The transactions begun by transaction(), each with the handle of the connection it runs on. */
const owners = new WeakMap<Tx, Db>();

/**
 * The handle whose connection `db` runs its statements on: `db` itself when it is a handle (the pool's, or one
 * connection's), the connection's handle for a transaction begun by transaction(); none for any other
 * transaction, whose statements must then be prepared on it.
 */
export function connectionOf(db: Queryable): Db | undefined {
  if ('$client' in db) return db;
  return owners.get(db);
}
