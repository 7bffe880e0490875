import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ACCOUNT_ENDPOINTS,
  API_PREFIX,
  BUSINESS_ENDPOINTS,
  type Endpoint,
  type EndpointData,
  type EndpointInput,
  type MemberRole,
  PERMISSIONS,
  requestOf,
  SALES_ENDPOINTS,
  STOCK_ENDPOINTS,
} from '@oja/contract';
import { hashPassword } from '@oja/server/bench';
import type pg from 'pg';
import { percentile } from './measure';
import { startProductionBuild } from './started-build';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 50);
/** A client's pause between two actions (random, 0 to twice this): a steady load, whatever the machine's speed. */
const THINK_MS = Number(process.env.SOAK_THINK_MS ?? 250);
const BUSINESSES = 5;
const PRODUCTS_PER_BUSINESS = 40;
const PASSWORD = 'soak-pass-word';
/** Memory is compared from the end of the warm-up: a minute, or a third of a short run. */
const WARM_UP_MS = Math.min(60_000, (MINUTES * 60_000) / 3);
const RSS_EVERY_MS = 5_000;
const MAX_RSS_GROWTH = 0.1;
const BUILD = 'soak';

type Outcome = { action: string; status: number; ms: number };
type Client = {
  businessId: number;
  token: string;
  role: MemberRole;
  productIds: number[];
  ip: string;
};

let baseUrl = '';
const outcomes: Outcome[] = [];
const serverErrors: string[] = [];

async function call<E extends Endpoint>(
  action: string,
  entry: E,
  input: EndpointInput<E>,
  client: Pick<Client, 'token' | 'ip'>,
): Promise<{ status: number; data?: EndpointData<E>; error?: string }> {
  const request = requestOf(entry, input);
  const url = new URL(`${baseUrl}${API_PREFIX}${request.path}`);
  for (const [key, value] of Object.entries(request.query)) url.searchParams.set(key, value);
  const began = performance.now();
  let status = 0;
  let text = '';
  try {
    const answer = await fetch(url, {
      method: request.method,
      headers: {
        authorization: `Bearer ${client.token}`,
        'content-type': 'application/json',
        'x-forwarded-for': client.ip,
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
    status = answer.status;
    text = await answer.text();
  } catch (error) {
    text = String(error);
  }
  outcomes.push({ action, status, ms: performance.now() - began });
  if (status >= 500 || status === 0) serverErrors.push(`${action} ${status}: ${text.slice(0, 300)}`);
  if (status < 200 || status >= 300) return { status, error: text.slice(0, 500) };
  return { status, data: (JSON.parse(text) as { response_data: EndpointData<E> }).response_data };
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
const daysAgo = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date(Date.now() - days * 86_400_000));

/** One shop's worth of people, written straight to the tables (no mail to read codes from), then logged in. */
async function createBusiness(db: pg.Pool, index: number, passwordHash: string) {
  const tag = `${index}-${randomBytes(3).toString('hex')}`;
  const client = await db.connect();
  const people: { username: string; role: MemberRole }[] = [];
  let businessId = 0;
  try {
    await client.query('begin');
    for (const role of ['ceo', 'manager', 'sales_person', 'sales_rep'] as const) {
      const username = `soak.${role}.${tag}`;
      const user = await client.query<{ id: string }>(
        `insert into users (first_name, last_name, username, password_hash, is_active, account_role)
         values ('Soak', $1, $2, $3, true, $4) returning id`,
        [role, username, passwordHash, role === 'ceo' ? 'ceo' : 'member'],
      );
      const userId = user.rows[0]!.id;
      if (role === 'ceo') {
        const business = await client.query<{ id: string }>(
          'insert into businesses (name, slug, owner_id) values ($1, $2, $3) returning id',
          [`Soak Stores ${tag}`, `soak-${tag}`, userId],
        );
        businessId = Number(business.rows[0]!.id);
      }
      await client.query('insert into memberships (business_id, user_id, role, is_active) values ($1, $2, $3, true)', [
        businessId,
        userId,
        role,
      ]);
      await client.query('update users set current_business_id = $1 where id = $2', [businessId, userId]);
      people.push({ username, role });
    }
    await client.query('commit');
  } finally {
    client.release();
  }
  return { businessId, people };
}

async function logIn(username: string, ip: string): Promise<string> {
  const answer = await call(
    'login',
    ACCOUNT_ENDPOINTS.login,
    { email_or_username: username, password: PASSWORD },
    { token: '', ip },
  );
  if (!answer.data) throw new Error(`Login of ${username} failed (${answer.status}).`);
  return answer.data.access_token;
}

/** One client's loop: a shop assistant's day, as a weighted mix of what they do. */
async function shop(client: Client, until: number): Promise<void> {
  const business = { business_id: client.businessId };
  const carts: number[] = [];
  const unpaid: number[] = [];
  const sold: number[] = [];
  // Each does what their role may (a sales rep fills carts that a sales person confirms, and so on).
  const can = (entry: Endpoint) =>
    entry.access.kind === 'business' &&
    (PERMISSIONS[entry.access.permission] as readonly MemberRole[]).includes(client.role);
  const lines = () =>
    Array.from({ length: between(1, 3) }, () => ({
      product_id: pick(client.productIds),
      quantity: between(1, 3),
    })).filter((line, index, all) => all.findIndex((other) => other.product_id === line.product_id) === index);
  while (Date.now() < until) {
    const roll = Math.random();
    if (roll < 0.22 && can(STOCK_ENDPOINTS.listProducts)) {
      await call('browse', STOCK_ENDPOINTS.listProducts, { ...business, page: between(1, 4) }, client);
    } else if (roll < 0.3 && can(STOCK_ENDPOINTS.listProducts)) {
      await call(
        'search',
        STOCK_ENDPOINTS.listProducts,
        { ...business, search: pick(['rice', 'milk', 'oil', 'soap']) },
        client,
      );
    } else if (roll < 0.36 && can(STOCK_ENDPOINTS.getProduct)) {
      await call('product', STOCK_ENDPOINTS.getProduct, { ...business, product_id: pick(client.productIds) }, client);
    } else if (roll < 0.52 && can(SALES_ENDPOINTS.createCart)) {
      const cart = await call('cart', SALES_ENDPOINTS.createCart, { ...business, items: lines() }, client);
      if (cart.data) carts.push(cart.data.cart.id);
    } else if (roll < 0.56 && carts.length && can(SALES_ENDPOINTS.updateCart)) {
      const id = carts[carts.length - 1]!;
      await call(
        'cart-update',
        SALES_ENDPOINTS.updateCart,
        { ...business, id, title: 'Mama Ngozi', customer_name: 'Mama Ngozi', items: lines() },
        client,
      );
    } else if (roll < 0.59 && carts.length && can(SALES_ENDPOINTS.deleteCart)) {
      await call('cart-drop', SALES_ENDPOINTS.deleteCart, { id: carts.pop()! }, client);
    } else if (roll < 0.72 && carts.length && can(SALES_ENDPOINTS.confirmSale)) {
      const status = pick(['paid', 'paid', 'partial', 'not_paid'] as const);
      const sale = await call(
        'sale',
        SALES_ENDPOINTS.confirmSale,
        {
          ...business,
          cart_id: carts.shift()!,
          payment_status: status,
          ...(status === 'partial' ? { deposit_amount: '1.00' } : {}),
        },
        client,
      );
      if (sale.data) {
        sold.push(sale.data.sale.id);
        if (status !== 'paid') unpaid.push(sale.data.sale.id);
      }
    } else if (roll < 0.8 && unpaid.length && can(SALES_ENDPOINTS.recordPayment)) {
      const saleId = pick(unpaid);
      const paid = await call(
        'payment',
        SALES_ENDPOINTS.recordPayment,
        { ...business, sale_id: saleId, amount: '1.00', method: pick(['cash', 'pos_card', 'bank_transfer'] as const) },
        client,
      );
      if (paid.status === 409 || paid.status === 400) unpaid.splice(unpaid.indexOf(saleId), 1);
    } else if (roll < 0.83 && sold.length && can(SALES_ENDPOINTS.cancelSale)) {
      const id = sold.splice(between(0, sold.length - 1), 1)[0]!;
      await call(
        'cancel',
        SALES_ENDPOINTS.cancelSale,
        { ...business, id, reason: 'Customer changed their mind' },
        client,
      );
      if (unpaid.includes(id)) unpaid.splice(unpaid.indexOf(id), 1);
    } else if (roll < 0.87 && can(SALES_ENDPOINTS.listSales)) {
      await call('sales-list', SALES_ENDPOINTS.listSales, business, client);
    } else if (roll < 0.9 && can(SALES_ENDPOINTS.listDebts)) {
      await call('debts', SALES_ENDPOINTS.listDebts, business, client);
    } else if (roll < 0.94 && can(BUSINESS_ENDPOINTS.getOverview)) {
      await call('overview', BUSINESS_ENDPOINTS.getOverview, business, client);
    } else if (can(BUSINESS_ENDPOINTS.getReport)) {
      await call('report', BUSINESS_ENDPOINTS.getReport, { ...business, from: daysAgo(30), to: today() }, client);
    } else {
      await call('sales-list', SALES_ENDPOINTS.listSales, business, client);
    }
    await sleep(Math.random() * 2 * THINK_MS);
    // Carts not sold are left behind, as shops leave them; a client keeps a few at most.
    if (carts.length > 5) carts.shift();
    if (sold.length > 50) sold.shift();
  }
}

function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** The invariants the load must leave holding; answers what breaks them. */
async function brokenInvariants(db: pg.Pool): Promise<string[]> {
  const checks: [string, string][] = [
    [
      'a batch differs from the sum of its movements',
      `select b.id from product_batches b left join stock_movements m on m.business_id = b.business_id and m.batch_id = b.id
       group by b.id, b.quantity having b.quantity <> coalesce(sum(m.delta), 0)`,
    ],
    ['a batch is below zero', 'select id from product_batches where quantity < 0'],
    [
      'a sale differs from the sum of its lines',
      `select s.id from sales s left join sale_lines l on l.business_id = s.business_id and l.sale_id = s.id
       group by s.id, s.total_cart_amount having s.total_cart_amount <> coalesce(sum(l.line_total), 0)`,
    ],
    [
      'a sale differs from the sum of its payments',
      `select s.id from sales s left join payments p on p.business_id = s.business_id and p.sale_id = s.id
       group by s.id, s.amount_paid having s.amount_paid <> coalesce(sum(p.amount), 0)`,
    ],
    [
      'a cart was both sold and kept',
      'select c.id from carts c join sales s on s.business_id = c.business_id and s.cart_id = c.id',
    ],
  ];
  const broken: string[] = [];
  for (const [rule, query] of checks) {
    const { rowCount } = await db.query(query);
    if (rowCount) broken.push(`${rule} (${rowCount})`);
  }
  return broken;
}

async function main(): Promise<void> {
  process.stdout.write(`Soak: ${CLIENTS} clients for ${MINUTES} min. Building the server as npm start does…\n`);
  const started = await startProductionBuild(BUILD);
  const { server, db } = started;
  baseUrl = started.baseUrl;
  const failures: string[] = [];
  try {
    const passwordHash = await hashPassword(PASSWORD);
    const clients: Client[] = [];
    for (let index = 0; index < BUSINESSES; index++) {
      const { businessId, people } = await createBusiness(db, index, passwordHash);
      const ceo = { token: await logIn(people[0]!.username, `10.0.${index}.1`), ip: `10.0.${index}.1` };
      const productIds: number[] = [];
      for (let p = 0; p < PRODUCTS_PER_BUSINESS; p++) {
        const product = await call(
          'setup',
          STOCK_ENDPOINTS.createProduct,
          {
            business_id: businessId,
            product_name: `${pick(['Rice', 'Milk', 'Oil', 'Soap', 'Garri', 'Sugar'])} ${p} ${randomBytes(2).toString('hex')}`,
            cost_price: `${between(100, 900)}.00`,
            selling_price: `${between(1000, 2000)}.50`,
            currency: 'NGN',
            // Several batches, so that sales take stock across batches (oldest first).
            batches: [
              { batch_number: 'LOT-A', quantity: between(5, 30), expiration_date: null },
              { batch_number: 'LOT-B', quantity: 1_000_000, expiration_date: null },
            ],
          },
          ceo,
        );
        if (!product.data) throw new Error(`Product setup failed (${product.status}): ${product.error}`);
        productIds.push(product.data.id);
      }
      for (let c = index; c < CLIENTS; c += BUSINESSES) {
        const person = people[((c / BUSINESSES) % people.length) | 0]!;
        const ip = `10.${1 + index}.${c}.${between(1, 250)}`;
        clients.push({
          businessId,
          token: await logIn(person.username, ip),
          role: person.role,
          productIds,
          ip,
        });
      }
    }
    outcomes.length = 0;

    const start = Date.now();
    const until = start + MINUTES * 60_000;
    const samples: { at: number; kb: number }[] = [];
    const sampler = setInterval(() => {
      if (server.pid) samples.push({ at: Date.now() - start, kb: rssKb(server.pid) });
    }, RSS_EVERY_MS);
    let reported = 0;
    const progress = setInterval(() => {
      const done = outcomes.length;
      const rate = Math.round((done - reported) / 30);
      reported = done;
      const errors = outcomes.filter((outcome) => outcome.status >= 500 || outcome.status === 0).length;
      const kb = server.pid ? rssKb(server.pid) : 0;
      process.stdout.write(
        `  ${Math.round((Date.now() - start) / 1000)} s: ${done} requests (${rate}/s now), ${errors} 5xx, RSS ${Math.round(kb / 1024)} MB\n`,
      );
    }, 30_000);
    await Promise.all(clients.map((client) => shop(client, until)));
    clearInterval(sampler);
    clearInterval(progress);
    if (server.pid) samples.push({ at: Date.now() - start, kb: rssKb(server.pid) });

    // Figures.
    const byAction = new Map<string, Outcome[]>();
    for (const outcome of outcomes) byAction.set(outcome.action, [...(byAction.get(outcome.action) ?? []), outcome]);
    process.stdout.write('\naction        requests   2xx    4xx   5xx   p50 ms   p99 ms\n');
    for (const [action, list] of [...byAction].sort()) {
      const ms = list.map((outcome) => outcome.ms).sort((a, b) => a - b);
      const count = (low: number, high: number) => list.filter((o) => o.status >= low && o.status < high).length;
      process.stdout.write(
        `${action.padEnd(13)} ${String(list.length).padStart(8)} ${String(count(200, 300)).padStart(5)} ${String(count(400, 500)).padStart(6)} ${String(count(500, 600) + count(0, 1)).padStart(5)} ${percentile(ms, 0.5).toFixed(1).padStart(8)} ${percentile(ms, 0.99).toFixed(1).padStart(8)}\n`,
      );
    }
    const fiveXx = outcomes.filter((outcome) => outcome.status >= 500 || outcome.status === 0).length;
    const seconds = (Date.now() - start) / 1000;
    process.stdout.write(
      `\n${outcomes.length} requests in ${seconds.toFixed(0)} s (${(outcomes.length / seconds).toFixed(0)}/s), 5xx or no answer: ${fiveXx}\n`,
    );
    if (fiveXx)
      failures.push(
        `${fiveXx} requests answered 5xx or not at all:\n  ${[...new Set(serverErrors)].slice(0, 10).join('\n  ')}`,
      );
    const sales = outcomes.filter((outcome) => outcome.action === 'sale' && outcome.status === 201).length;
    if (!sales) failures.push('No sale was confirmed: the load did not exercise the server.');

    // Memory: the median of the samples in the 30 s after warm-up, against that of the last 30 s.
    const warm = samples
      .filter((sample) => sample.at >= WARM_UP_MS && sample.at < WARM_UP_MS + 30_000)
      .map((s) => s.kb);
    const last = samples.filter((sample) => sample.at >= seconds * 1000 - 30_000).map((s) => s.kb);
    if (warm.length && last.length) {
      const growth = median(last) / median(warm) - 1;
      process.stdout.write(
        `Server RSS after warm-up ${(median(warm) / 1024).toFixed(1)} MB, at the end ${(median(last) / 1024).toFixed(1)} MB ` +
          `(${(growth * 100).toFixed(1)}%, peak ${(Math.max(...samples.map((s) => s.kb)) / 1024).toFixed(1)} MB)\n`,
      );
      if (growth >= MAX_RSS_GROWTH) failures.push(`Server memory grew by ${(growth * 100).toFixed(1)}% (limit 10%).`);
    } else {
      failures.push('Too short a run to compare memory (SOAK_MINUTES of at least 1).');
    }

    const broken = await brokenInvariants(db);
    process.stdout.write(`Invariants: ${broken.length ? broken.join('; ') : 'all hold'}\n`);
    failures.push(...broken);
  } finally {
    failures.push(...(await started.stop()));
  }
  if (failures.length) {
    console.error(`\nSOAK FAILED:\n- ${failures.join('\n- ')}`);
    process.exit(1);
  }
  process.stdout.write('\nSoak passed.\n');
}

main().catch((error: unknown) => {
  console.error('The soak could not run:', error);
  process.exit(1);
});
