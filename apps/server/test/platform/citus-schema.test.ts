import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';

/**
 * The schema stays ready for Citus (docs/adr, growing past one machine): every business-owned
 * table can be distributed by business_id, co-located with the others, which Citus allows only when
 * the table has business_id and its primary key, every unique constraint or index, and every
 * foreign key to another business-owned table include it. Read from the live catalog after every
 * migration, so a new table or constraint that breaks the rule fails here.
 */

/**
 * Tables that belong to no single business and would be Citus reference tables (copied to every
 * node), each with why. A new table without business_id must be added here with its reason, or get
 * business_id: the test fails until one or the other is done.
 */
const REFERENCE_TABLES: Record<string, string> = {
  users: 'a person, member of any number of businesses (their memberships carry business_id)',
  businesses: 'the tenants themselves: small, read on almost every request, joined to from every node',
  sessions: 'a device logged in as a user, across all the businesses of that user',
  refresh_tokens: "a session's rotating tokens: belong to the session, not to a business",
  one_time_codes: 'activation, reset and email codes of a user, before or apart from any business',
  email_change_undos: "the undo links of a user's email changes: the account's, apart from any business",
  rate_limits: 'failure counters per account and IP, looked up before anyone is known to a business',
};

type Catalog = {
  tables: string[];
  columns: Map<string, Set<string>>;
  primaryKeys: Map<string, string[]>;
  uniques: { table: string; name: string; columns: string[]; definition: string }[];
  foreignKeys: { table: string; name: string; columns: string[]; target: string; targetColumns: string[] }[];
};

let t: TestApp;
let catalog: Catalog;

async function readCatalog(): Promise<Catalog> {
  const rows = async <T>(query: ReturnType<typeof sql>) => (await t.db.execute(query)).rows as T[];
  const tables = (
    await rows<{ name: string }>(sql`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by 1`)
  ).map((row) => row.name);
  const columns = new Map<string, Set<string>>();
  for (const row of await rows<{ table: string; column: string }>(sql`
      select table_name as table, column_name as column from information_schema.columns where table_schema = 'public'`)) {
    columns.set(row.table, (columns.get(row.table) ?? new Set()).add(row.column));
  }
  // Unique indexes (those of primary keys and unique constraints included), with the columns of their keys.
  const indexes = await rows<{
    table: string;
    name: string;
    primary: boolean;
    columns: string[];
    definition: string;
  }>(sql`
      select t.relname as table, i.relname as name, x.indisprimary as primary, pg_get_indexdef(x.indexrelid) as definition,
        array(select a.attname::text from unnest(x.indkey) with ordinality k(attnum, n)
              join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum order by k.n) as columns
      from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
      join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = 'public' and x.indisunique`);
  const foreignKeys = await rows<Catalog['foreignKeys'][number]>(sql`
      select c.conrelid::regclass::text as table, c.conname as name, c.confrelid::regclass::text as target,
        array(select a.attname::text from unnest(c.conkey) with ordinality k(attnum, n)
              join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum order by k.n) as columns,
        array(select a.attname::text from unnest(c.confkey) with ordinality k(attnum, n)
              join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.attnum order by k.n) as "targetColumns"
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where n.nspname = 'public' and c.contype = 'f'`);
  return {
    tables,
    columns,
    primaryKeys: new Map(indexes.filter((index) => index.primary).map((index) => [index.table, index.columns])),
    uniques: indexes.filter((index) => !index.primary),
    foreignKeys,
  };
}

beforeAll(async () => {
  t = await createTestApp({ poolSize: 2 });
  catalog = await readCatalog();
});
afterAll(() => t?.close());

const businessOwned = () => catalog.tables.filter((table) => !(table in REFERENCE_TABLES));

describe('the schema, ready to distribute by business_id', () => {
  it('has business_id in every table that is not a listed reference table', () => {
    expect(catalog.tables.length).toBeGreaterThan(Object.keys(REFERENCE_TABLES).length);
    const missing = businessOwned().filter((table) => !catalog.columns.get(table)?.has('business_id'));
    expect(missing, 'tables without business_id: add it, or list the table in REFERENCE_TABLES with why').toEqual([]);
    // The list names only tables that exist, and none of them is business-owned after all.
    const stale = Object.keys(REFERENCE_TABLES).filter((table) => !catalog.tables.includes(table));
    expect(stale).toEqual([]);
    const owned = Object.keys(REFERENCE_TABLES).filter((table) => catalog.columns.get(table)?.has('business_id'));
    expect(owned, 'a reference table has business_id: distribute it instead').toEqual([]);
  });

  it('includes business_id in the primary key of every business-owned table', () => {
    const wrong = businessOwned()
      .map((table) => ({ table, primaryKey: catalog.primaryKeys.get(table) ?? [] }))
      .filter(({ primaryKey }) => !primaryKey.includes('business_id'));
    expect(wrong).toEqual([]);
  });

  it('includes business_id in every unique constraint and unique index of a business-owned table', () => {
    const owned = new Set(businessOwned());
    const wrong = catalog.uniques.filter(
      (unique) => owned.has(unique.table) && !unique.columns.includes('business_id'),
    );
    expect(wrong.map((unique) => unique.definition)).toEqual([]);
  });

  it('joins business-owned tables by business_id in every foreign key, and never points a reference table at one', () => {
    const owned = new Set(businessOwned());
    const wrong = catalog.foreignKeys.filter((key) => {
      if (!owned.has(key.target)) return false;
      if (!owned.has(key.table)) return true;
      const at = key.columns.indexOf('business_id');
      return at < 0 || key.targetColumns[at] !== 'business_id';
    });
    expect(wrong.map((key) => `${key.table}.${key.name} → ${key.target}`)).toEqual([]);
  });
});
