import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { ENDPOINTS, type Endpoint, type EndpointData, type EndpointInput, requestOf } from '@oja/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/db/embedded';
import { createTestApp, type TestApp } from '../app';
import { createCart, createProduct, ledgerMismatches, type Owner, signUpCeo } from '../factories';

/**
 * Issue 13: the server is killed outright (SIGKILL: no shutdown, no finally) while sale confirmations
 * and payments stream in, then started again. Whatever was cut off must be all or nothing: the
 * database holds every sale with all its lines, movements and payments, or not at all, and every
 * request that was answered 2xx. The server runs as a user starts it (its bundle in a child process)
 * on this file's database.
 */
const SERVER_DIR = resolve(import.meta.dirname, '../..');
const CARTS = 32;
const WORKERS = 6;
/** The kill comes once this many sales were confirmed, so that it lands mid-stream. */
const KILL_AFTER_SALES = 8;
/** The server bundled as `npm start` bundles it (build.mjs), into a folder of this run's own: it starts in a second, where tsx takes several. */
const BUILD = `crash-test-${process.pid}`;

let t: TestApp;
let dataDir: string;
let port: number;
let server: ChildProcess | undefined;
const tokenSecret = randomBytes(32).toString('base64url');

function startServer(): ChildProcess {
  const child = spawn(process.execPath, [`dist-${BUILD}/main.js`], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DATABASE_URL: String(t.database.pool.options.connectionString),
      DATA_DIR: dataDir,
      TOKEN_SECRET: tokenSecret,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_CONCURRENCY: '1',
      DB_POOL_SIZE: '8',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function untilServing(): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const status = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (answer) => answer.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error('The server did not start within a minute.');
    await sleep(100);
  }
}

type Reply<T> = { status: number; data?: T };

/** One call over the network; a connection cut by the kill is status 0. */
async function call<E extends Endpoint>(entry: E, input: EndpointInput<E>, token: string) {
  const request = requestOf(entry, input);
  const url = new URL(`http://127.0.0.1:${port}/api/v1${request.path}`);
  for (const [key, value] of Object.entries(request.query)) url.searchParams.set(key, value);
  try {
    const answer = await fetch(url, {
      method: request.method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
    const body = (await answer.json()) as { response_data?: EndpointData<E> };
    return { status: answer.status, data: body.response_data } as Reply<EndpointData<E>>;
  } catch {
    return { status: 0 } as Reply<EndpointData<E>>;
  }
}

async function logInOnServer(owner: Owner): Promise<string> {
  const answer = await call(
    ENDPOINTS.accounts.login,
    { email_or_username: owner.username, password: owner.password },
    '',
  );
  if (answer.status !== 200 || !answer.data) throw new Error(`Login on the child server failed: ${answer.status}`);
  return answer.data.access_token;
}

beforeAll(async () => {
  t = await createTestApp({ poolSize: 2 });
  dataDir = await mkdtemp(join(tmpdir(), 'oja-crash-'));
  port = await freePort();
  await promisify(execFile)(process.execPath, ['build.mjs'], {
    cwd: SERVER_DIR,
    env: { ...process.env, OJA_BUILD: BUILD },
  });
});

afterAll(async () => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  await rm(join(SERVER_DIR, `dist-${BUILD}`), { recursive: true, force: true });
});

describe('kill -9 during a stream of sales and payments', () => {
  it('loses nothing that was answered and leaves nothing half done', async () => {
    const owner = await signUpCeo(t);
    // Two products over several small batches, so that a sale takes several lines and movements.
    const products = await Promise.all(
      [0, 1].map(() =>
        createProduct(t, owner, { batches: [{ quantity: 30 }, { quantity: 30 }, { quantity: 10_000 }] }),
      ),
    );
    const carts = await Promise.all(
      Array.from({ length: CARTS }, () =>
        createCart(t, owner, [
          { product_id: products[0]!.id, quantity: 3 },
          { product_id: products[1]!.id, quantity: 2 },
        ]),
      ),
    );

    server = startServer();
    await untilServing();
    const token = await logInOnServer(owner);

    const answeredSales = new Set<number>();
    const answeredPayments = new Set<number>();
    const queue = carts.map((cart) => cart.id);
    let killed = false;
    /** Requests the kill cut off (no answer at all): the proof that it landed mid-stream. */
    let cut = 0;
    const sell = async (index: number) => {
      for (let cartId = queue.shift(); cartId !== undefined && !killed; cartId = queue.shift()) {
        const unpaid = index % 2 === 0;
        const sale = await call(
          ENDPOINTS.sales.confirmSale,
          { business_id: owner.businessId, cart_id: cartId, payment_status: unpaid ? 'not_paid' : 'paid' },
          token,
        );
        if (sale.status === 0) cut++;
        if (sale.status !== 201 || !sale.data) continue;
        answeredSales.add(sale.data.sale.id);
        for (const payment of sale.data.sale.payments) answeredPayments.add(payment.id);
        if (answeredSales.size >= KILL_AFTER_SALES && !killed) {
          killed = true;
          server?.kill('SIGKILL');
        }
        if (!unpaid) continue;
        for (const amount of ['1.00', '2.50']) {
          const paid = await call(
            ENDPOINTS.sales.recordPayment,
            { business_id: owner.businessId, sale_id: sale.data.sale.id, amount, method: 'cash' },
            token,
          );
          if (paid.status === 201 && paid.data)
            for (const payment of paid.data.sale.payments) answeredPayments.add(payment.id);
        }
      }
    };
    const exited = new Promise((done) => server?.once('exit', done));
    await Promise.all(Array.from({ length: WORKERS }, (_, index) => sell(index)));
    expect(killed).toBe(true);
    expect(cut).toBeGreaterThan(0);
    await exited;

    // Started again on the same database: it serves, and sells the carts the crash left.
    server = startServer();
    await untilServing();
    const again = await logInOnServer(owner);
    const { rows: leftCarts } = await t.database.pool.query<{ id: string }>(
      'select id from carts where business_id = $1 order by id limit 1',
      [owner.businessId],
    );
    expect(leftCarts.length).toBe(1);
    const after = await call(
      ENDPOINTS.sales.confirmSale,
      { business_id: owner.businessId, cart_id: Number(leftCarts[0]!.id), payment_status: 'paid' },
      again,
    );
    expect(after.status).toBe(201);

    const pool = t.database.pool;
    const business = [owner.businessId];
    // Every answered sale and payment is in the database.
    const { rows: sales } = await pool.query<{ id: string }>('select id from sales where business_id = $1', business);
    const saleIds = new Set(sales.map((row) => Number(row.id)));
    expect([...answeredSales].filter((id) => !saleIds.has(id))).toEqual([]);
    const { rows: payments } = await pool.query<{ id: string }>(
      'select id from payments where business_id = $1',
      business,
    );
    const paymentIds = new Set(payments.map((row) => Number(row.id)));
    expect([...answeredPayments].filter((id) => !paymentIds.has(id))).toEqual([]);
    // Each sale whole: its two lines adding up to its total, the movements taking exactly its
    // quantities, its payments adding up to what it says was paid.
    expect(saleIds.size).toBeGreaterThanOrEqual(KILL_AFTER_SALES + 1);
    const { rows: wrong } = await pool.query(
      `select s.id from sales s
       where s.business_id = $1 and (
         (select count(*) from sale_lines l where l.sale_id = s.id) <> 2
         or s.total_cart_amount <> (select coalesce(sum(l.line_total), 0) from sale_lines l where l.sale_id = s.id)
         or (select coalesce(sum(l.quantity), 0) from sale_lines l where l.sale_id = s.id)
            <> (select coalesce(-sum(m.delta), 0) from stock_movements m
                where m.business_id = s.business_id and m.sale_id = s.id and m.reason = 'sale')
         or s.amount_paid <> (select coalesce(sum(p.amount), 0) from payments p
                              where p.business_id = s.business_id and p.sale_id = s.id))`,
      business,
    );
    expect(wrong).toEqual([]);
    // No sale movement without its sale; every batch holds the sum of its movements.
    const { rows: orphans } = await pool.query(
      `select m.id from stock_movements m where m.business_id = $1 and m.reason = 'sale'
       and not exists (select 1 from sales s where s.business_id = m.business_id and s.id = m.sale_id)`,
      business,
    );
    expect(orphans).toEqual([]);
    expect(await ledgerMismatches(t, owner.businessId)).toEqual([]);
    // No cart both sold and kept; every cart is one or the other.
    const { rows: soldAndKept } = await pool.query(
      'select c.id from carts c join sales s on s.business_id = c.business_id and s.cart_id = c.id where c.business_id = $1',
      business,
    );
    expect(soldAndKept).toEqual([]);
    const { rows: kept } = await pool.query<{ n: number }>(
      'select count(*)::int as n from carts where business_id = $1',
      business,
    );
    expect(kept[0]!.n + saleIds.size).toBe(CARTS);
  });
});
