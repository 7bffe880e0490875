import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { migrateDatabase } from '../db/migrate';
import { migrationsDir } from '../platform/paths';
import { columnList, identifier } from './backup';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupHeader,
  BackupReader,
  type BackupTrailer,
  qualified,
} from './backup-format';

export type RestoreSummary = { rows: Record<string, number>; migrationsAfter: number };

/**
 * Loads a backup (see backup.ts) into the empty database at `url`: the schema is first migrated to the
 * backup's own version, the rows are copied in within one transaction (all or nothing), the sequences
 * are put back where they were, and only then are the migrations the backup predates applied, so that
 * they upgrade the restored rows exactly as they would have upgraded the original ones.
 */
export async function restoreBackup(url: string, file: string): Promise<RestoreSummary> {
  const input = createReadStream(file);
  const reader = new BackupReader(input.pipe(createGunzip()));
  const pool = new pg.Pool({ connectionString: url, max: 1, application_name: 'oja-restore' });
  pool.on('error', () => {});
  try {
    const header = parseHeader(await reader.line());
    await refuseUnlessEmpty(pool);
    await migrateTo(
      pool,
      header.migrations.map((migration) => migration.hash),
    );
    const rows = await loadRows(pool, header, reader);
    await migrateDatabase(pool);
    const applied = await pool.query('select count(*)::int as count from drizzle.__drizzle_migrations');
    return { rows, migrationsAfter: applied.rows[0].count };
  } finally {
    input.destroy();
    await pool.end();
  }
}

function parseHeader(line: string): BackupHeader {
  let header: Partial<BackupHeader>;
  try {
    header = JSON.parse(line);
  } catch {
    throw new Error('This file is not an Oja backup.');
  }
  if (header.format !== BACKUP_FORMAT) throw new Error('This file is not an Oja backup.');
  if (header.version !== BACKUP_VERSION) {
    throw new Error(`This backup is in format ${header.version}; this Oja reads format ${BACKUP_VERSION}.`);
  }
  return header as BackupHeader;
}

async function refuseUnlessEmpty(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ name: string }>(`
    select n.nspname || '.' || c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
      and n.nspname not like 'pg\\_%'
      and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
    limit 3`);
  if (rows.length) {
    throw new Error(
      `A backup is restored into an empty database only, and this one holds tables (${rows.map((row) => row.name).join(', ')}…). ` +
        'Restore into a new DATA_DIR, or a new database in DATABASE_URL.',
    );
  }
}

/**
 * Applies the committed migrations up to the backup's last one, no further: drizzle applies a whole
 * folder, so a copy of the folder whose journal stops there is migrated. The backup's migrations must
 * be this code's first ones, unchanged; a backup from a newer Oja is refused.
 */
async function migrateTo(pool: pg.Pool, hashes: string[]): Promise<void> {
  const folder = migrationsDir();
  const known = readMigrationFiles({ migrationsFolder: folder }).map((migration) => migration.hash);
  if (hashes.length > known.length || hashes.some((hash, index) => known[index] !== hash)) {
    throw new Error(
      `This backup was made by another version of Oja (its schema has ${hashes.length} migrations that this ` +
        `version's ${known.length} do not begin with). Restore it with the Oja version that made it, or a newer one.`,
    );
  }
  const partial = await mkdtemp(join(tmpdir(), 'oja-migrations-'));
  try {
    const journal = JSON.parse(await readFile(join(folder, 'meta', '_journal.json'), 'utf8'));
    const entries = journal.entries.slice(0, hashes.length) as { tag: string }[];
    await mkdir(join(partial, 'meta'));
    await writeFile(join(partial, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const entry of entries) await cp(join(folder, `${entry.tag}.sql`), join(partial, `${entry.tag}.sql`));
    const client = await pool.connect();
    try {
      await migrate(drizzle({ client }), { migrationsFolder: partial });
    } finally {
      client.release();
    }
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
}

async function loadRows(pool: pg.Pool, header: BackupHeader, reader: BackupReader): Promise<Record<string, number>> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    // The rows are loaded as they were, derived tables included (counters kept by triggers, report
    // totals): the triggers that maintain them must not fire again, or every figure would count twice.
    // Replica mode switches every trigger off, the foreign-key checks included (rows from one snapshot
    // satisfy them, and users and businesses reference each other, so no order of tables would).
    await client.query('set local session_replication_role = replica').catch((error: { code?: string }) => {
      if (error.code !== '42501') throw error;
      throw new Error(
        'Restoring needs a superuser, or a role granted SET on session_replication_role ' +
          '(GRANT SET ON PARAMETER session_replication_role TO ...), to load the rows with their triggers off.',
      );
    });
    const rows: Record<string, number> = {};
    for (const table of header.tables) {
      const copy = client.query(
        copyFrom(`copy ${identifier(client, table)} (${columnList(client, table)}) from stdin`),
      );
      const done = finished(copy);
      // Awaited below; marked handled now so that a refusal while writing is not reported twice.
      done.catch(() => {});
      await reader.section(async (data) => {
        if (!copy.write(data)) await Promise.race([once(copy, 'drain'), done]);
      });
      copy.end();
      await done;
      rows[qualified(table)] = copy.rowCount;
    }
    const trailer = JSON.parse(await reader.line()) as BackupTrailer;
    for (const [table, count] of Object.entries(rows)) {
      if (trailer.rows?.[table] !== count) {
        throw new Error(`The backup's ${table} should hold ${trailer.rows?.[table]} rows, but ${count} were read.`);
      }
    }
    for (const sequence of header.sequences) {
      if (sequence.lastValue === null) continue;
      await client.query('select setval($1::regclass, $2::bigint, true)', [
        `${client.escapeIdentifier(sequence.schema)}.${client.escapeIdentifier(sequence.name)}`,
        sequence.lastValue,
      ]);
    }
    await client.query('commit');
    return rows;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
