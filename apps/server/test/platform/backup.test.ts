import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENDPOINTS } from '@oja/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect } from '../../src/db/client';
import { startEmbeddedPostgres } from '../../src/db/embedded';
import { CLUSTER_POINTER } from '../../src/db/embedded-as-root';
import { migrateDatabase } from '../../src/db/migrate';
import { writeBackup } from '../../src/ops/backup';
import { runOps } from '../../src/ops/commands';
import { restoreBackup } from '../../src/ops/restore';
import { loadSecrets } from '../../src/platform/secrets';
import { createTestApp, type TestApp } from '../app';
import { confirm, createCart, createProduct, lagosDay, ledgerMismatches } from '../factories';
import { adminQuery, withDatabase } from '../global-setup';
import { apiClient } from '../http';
import { buildWorld, type World } from '../proofs/world';

/** Every table of a database (the migration record included) and every sequence, as comparable prints. */
async function contents(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(`
      select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables
      where schemaname not in ('pg_catalog', 'information_schema') order by 1`);
    const prints: Record<string, string> = {};
    for (const { name } of tables.rows) {
      // The migration record's ids and times are the restore's own; its hashes are the schema version.
      const rows = name === 'drizzle.__drizzle_migrations' ? `(select hash from ${name})` : name;
      const { rows: print } = await client.query<{ print: string }>(
        `select count(*) || ':' || md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as print from ${rows} x`,
      );
      prints[name] = print[0]?.print ?? '';
    }
    const sequences = await client.query<{ name: string; last_value: string | null }>(
      `select schemaname || '.' || sequencename as name, last_value::text from pg_sequences order by 1`,
    );
    for (const row of sequences.rows) prints[`sequence ${row.name}`] = String(row.last_value);
    return prints;
  } finally {
    await client.end();
  }
}

const countOf = async (url: string, table: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
};

describe('npm run backup and npm run restore', () => {
  let t: TestApp;
  let world: World;
  let work: string;
  const adminUrl = () => inject('adminUrl');
  const sourceUrl = () => {
    const options = t.database.pool.options as { connectionString: string };
    return options.connectionString;
  };
  const emptyDatabase = async () => {
    const name = `${inject('databasePrefix')}restore_${randomBytes(4).toString('hex')}`;
    await adminQuery(adminUrl(), `create database "${name}"`);
    return withDatabase(adminUrl(), name);
  };

  beforeAll(async () => {
    t = await createTestApp();
    work = await mkdtemp(join(tmpdir(), 'oja-backup-'));
    // A populated business: members of every role, stock, carts, a part-paid sale, a payment, a
    // cancelled sale, an expense; and a neighbour.
    world = await buildWorld(t);
    const api = apiClient(t.app);
    const by = { token: world.owner.token };
    const payment = await api.call(
      ENDPOINTS.sales.recordPayment,
      { business_id: world.owner.businessId, sale_id: world.saleId, amount: '1.50', method: 'bank_transfer' },
      by,
    );
    expect(payment.status).toBe(201);
    const cart = await createCart(t, world.owner, [{ product_id: world.product.id, quantity: 3 }]);
    const sale = await confirm(t, world.owner, cart.id, { payment_status: 'not_paid' });
    expect(sale.status).toBe(201);
    const cancelled = await api.call(
      ENDPOINTS.sales.cancelSale,
      { business_id: world.owner.businessId, id: sale.data.sale.id, reason: 'Changed their mind' },
      by,
    );
    expect(cancelled.status).toBe(200);
    await createCart(t, world.members.sales_rep, [{ product_id: world.product.id, quantity: 1 }]);
    const expense = await api.call(
      ENDPOINTS.expenses.createExpense,
      { business_id: world.owner.businessId, amount: '150.00', category: 'transport', date: lagosDay(0) },
      by,
    );
    expect(expense.status).toBe(201);
  });

  afterAll(async () => {
    await t?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('round-trips a populated business: every table and sequence comes back as it was', async () => {
    const file = join(work, 'quiet.backup.gz');
    const summary = await writeBackup(sourceUrl(), file);
    expect(summary.rows['public.sales']).toBeGreaterThanOrEqual(2);
    const target = await emptyDatabase();
    await restoreBackup(target, file);
    const [before, after] = await Promise.all([contents(sourceUrl()), contents(target)]);
    expect(Object.keys(before).length).toBeGreaterThan(10);
    expect(after).toEqual(before);

    // Restored, the business works on: logins, lists, and new rows take ids after the restored ones.
    const restored = connect(target, { max: 2 });
    try {
      const again = await restoreBackup(target, file).catch((error: Error) => error.message);
      expect(again).toMatch(/empty database only/);
      const { rows } = await restored.pool.query(
        `insert into expense_categories (business_id, name) values ($1, 'Fuel after restore') returning id::int`,
        [world.owner.businessId],
      );
      const { rows: max } = await restored.pool.query('select max(id)::int as id from expense_categories');
      expect(rows[0].id).toBe(max[0].id);
    } finally {
      await restored.close();
    }
  });

  it('takes a consistent snapshot while sales are being confirmed', async () => {
    const product = await createProduct(t, world.owner, { batches: [{ quantity: 10_000 }] });
    const carts = await Promise.all(
      Array.from({ length: 24 }, () => createCart(t, world.owner, [{ product_id: product.id, quantity: 2 }])),
    );
    const file = join(work, 'busy.backup.gz');
    let confirmed = 0;
    const selling = (async () => {
      for (let i = 0; i < carts.length; i += 4) {
        const answers = await Promise.all(carts.slice(i, i + 4).map((cart) => confirm(t, world.owner, cart.id)));
        confirmed += answers.filter((answer) => answer.status === 201).length;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 30));
    await writeBackup(sourceUrl(), file);
    await selling;
    expect(confirmed).toBe(carts.length);

    const target = await emptyDatabase();
    await restoreBackup(target, file);
    const restored = connect(target, { max: 2 });
    try {
      // The ledger holds, every sale has its lines, and every sold cart is gone; the derived
      // counters were restored as data, not counted again by their triggers.
      expect(await ledgerMismatches({ db: restored.db } as TestApp)).toEqual([]);
      const { rows: incomplete } = await restored.pool.query(`
        select s.id from sales s left join sale_lines l on l.sale_id = s.id
        group by s.id, s.total_cart_amount having coalesce(sum(l.line_total), 0) <> s.total_cart_amount`);
      expect(incomplete).toEqual([]);
      const { rows: soldAndKept } = await restored.pool.query(
        'select c.id from carts c join sales s on s.cart_id = c.id',
      );
      expect(soldAndKept).toEqual([]);
      const { rows: counts } = await restored.pool.query(`
        select c.business_id from product_counts c
        where c.live_products <> (select count(*) from products p
                                  where p.business_id = c.business_id and p.archived_at is null)`);
      expect(counts).toEqual([]);
    } finally {
      await restored.close();
    }
  });

  it('backs up the running server’s embedded database in DATA_DIR and restores it into an empty DATA_DIR', async () => {
    const dataDir = join(work, 'serving');
    const { databasePassword } = loadSecrets(dataDir, undefined);
    const quiet = { info: () => {}, warn: () => {}, debug: () => {} };
    // What `npm start` leaves running: the embedded cluster of DATA_DIR, migrated, holding a business.
    const serving = await startEmbeddedPostgres({ dataDir, password: databasePassword, log: quiet });
    const restoredDir = join(work, 'restored');
    try {
      const source = connect(serving.url, { max: 2 });
      await migrateDatabase(source.pool);
      await source.pool.query(`insert into users (email, username, password_hash, first_name, last_name)
        values ('a@example.com', 'ada', 'x', 'Ada', 'Obi')`);
      await source.close();
      const file = join(work, 'cli.backup.gz');
      const said: string[] = [];
      const say = (line: string) => said.push(line);
      await runOps(['backup', file], { DATA_DIR: dataDir }, say);
      // The serving cluster itself, found through its postmaster.pid: no second cluster on the directory.
      expect(said.join('\n')).toContain(`Backing up the running database of ${dataDir} (port`);
      await writeFile(join(work, 'not-a-backup.gz'), 'hello');
      await expect(
        runOps(['restore', join(work, 'not-a-backup.gz')], { DATA_DIR: restoredDir }, say),
      ).rejects.toThrow();

      await runOps(['restore', file], { DATA_DIR: restoredDir }, say);
      const restored = await startEmbeddedPostgres({
        dataDir: restoredDir,
        password: loadSecrets(restoredDir, undefined).databasePassword,
        log: quiet,
      });
      try {
        expect(await contents(restored.url)).toEqual(await contents(serving.url));
        expect(await countOf(restored.url, 'users')).toBe(1);
      } finally {
        await restored.stop();
        // As root the cluster may live outside the data directory (see db/embedded-as-root.ts).
        await rm(restored.clusterDir, { recursive: true, force: true });
      }
    } finally {
      await serving.stop();
      await rm(serving.clusterDir, { recursive: true, force: true });
      // A restore that failed midway leaves its cluster where DATA_DIR says (as root, outside it).
      const moved = await readFile(join(restoredDir, CLUSTER_POINTER), 'utf8').catch(() => '');
      if (moved.trim()) await rm(moved.trim(), { recursive: true, force: true });
    }
  });
});
