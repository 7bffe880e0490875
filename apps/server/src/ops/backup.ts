import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { finished } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupHeader,
  type BackupTable,
  type BackupTrailer,
  END_OF_DATA,
  qualified,
} from './backup-format';

/** Schemas that are PostgreSQL's own, or drizzle's migration record (kept in the header instead). */
const NOT_DATA = `('pg_catalog', 'information_schema', 'drizzle')`;

export type BackupSummary = { file: string; bytes: number; rows: Record<string, number> };

/**
 * Writes every table of the database at `url` to `file`, from one snapshot: a REPEATABLE READ,
 * READ ONLY transaction sees the database as it was when it began, whatever the server commits
 * meanwhile, so a backup taken while the app is serving is consistent (no sale without its lines,
 * no batch without its movements). Readers do not block writers: the app keeps serving.
 * The file appears only once complete (written beside it, then renamed).
 */
export async function writeBackup(url: string, file: string): Promise<BackupSummary> {
  const client = new pg.Client({ connectionString: url, application_name: 'oja-backup' });
  await client.connect();
  const partial = `${file}.partial`;
  try {
    await client.query('begin isolation level repeatable read read only');
    const header = await readHeader(client);
    await mkdir(dirname(file), { recursive: true });
    const gzip = createGzip();
    const out = createWriteStream(partial, { mode: 0o600 });
    gzip.pipe(out);
    const write = async (data: Buffer | string) => {
      if (!gzip.write(data)) await once(gzip, 'drain');
    };
    const rows: Record<string, number> = {};
    try {
      await write(`${JSON.stringify(header)}\n`);
      for (const table of header.tables) {
        const copy = client.query(copyTo(`copy ${identifier(client, table)} (${columnList(client, table)}) to stdout`));
        for await (const chunk of copy) await write(chunk as Buffer);
        rows[qualified(table)] = copy.rowCount;
        await write(END_OF_DATA);
      }
      const trailer: BackupTrailer = { end: true, rows };
      await write(`${JSON.stringify(trailer)}\n`);
      gzip.end();
      await finished(out);
    } catch (error) {
      gzip.destroy();
      out.destroy();
      throw error;
    }
    await client.query('commit');
    await rename(partial, file);
    return { file, bytes: (await stat(file)).size, rows };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

async function readHeader(client: pg.Client): Promise<BackupHeader> {
  const migrationsTable = await client.query(`select to_regclass('drizzle.__drizzle_migrations') as name`);
  if (!migrationsTable.rows[0]?.name) {
    throw new Error('This database has no Oja schema (no migrations were ever applied): nothing to back up.');
  }
  const migrations = await client.query<{ hash: string; created_at: string }>(
    'select hash, created_at::text from drizzle.__drizzle_migrations order by id',
  );
  const tables = await client.query<{ schema: string; name: string; columns: string[] }>(`
    select n.nspname as schema, c.relname as name,
      array(select a.attname from pg_attribute a
            where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
            order by a.attnum)::text[] as columns
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r' and c.relpersistence <> 't'
      and n.nspname not in ${NOT_DATA} and n.nspname not like 'pg\\_%'
      -- An extension's own tables are made by the extension, not restored as data.
      and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
    order by n.nspname, c.relname`);
  const sequences = await client.query<{ schema: string; name: string; last_value: string | null }>(`
    select schemaname as schema, sequencename as name, last_value::text
    from pg_sequences where schemaname not in ${NOT_DATA} order by schemaname, sequencename`);
  const version = await client.query<{ server_version: string }>('show server_version');
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    serverVersion: version.rows[0]?.server_version ?? 'unknown',
    migrations: migrations.rows.map((row) => ({ hash: row.hash, createdAt: row.created_at })),
    tables: tables.rows.map((table) => ({ schema: table.schema, name: table.name, columns: table.columns })),
    sequences: sequences.rows.map((row) => ({ schema: row.schema, name: row.name, lastValue: row.last_value })),
  };
}

export function identifier(client: pg.ClientBase, table: { schema: string; name: string }): string {
  return `${client.escapeIdentifier(table.schema)}.${client.escapeIdentifier(table.name)}`;
}

export function columnList(client: pg.ClientBase, table: BackupTable): string {
  return table.columns.map((column) => client.escapeIdentifier(column)).join(', ');
}
