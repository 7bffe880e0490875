/**
 * The counter's fault-injection soak (issue 53, ADR 0013): the production build started as `npm start` starts
 * it, COUNTER_DEVICES phones (5), each with its own clerk, that each made COUNTER_SALES sales (200) offline, then
 * send their outboxes all at once through a bad network: answers dropped after the server committed, requests
 * cut before or while they reach it, the same sale sent twice at once (two tabs), and sales already recorded
 * sent again. Every sale is retried with backoff until the server answers it. The phones sell more of some
 * products than the shop holds, so shortfalls are part of the run. Then the invariants:
 *
 * - the sales recorded are exactly the phones' sales: each client_sale_id once, with its receipt number, its
 *   total and its payments; every answer for one sale named the same sale;
 * - no batch below zero, every batch equal to the sum of its movements, every unit sold on a line, the units
 *   no batch held equal to the shortfalls;
 * - no answer was a 5xx.
 *
 * Exits 1 when any of them breaks.
 *
 *   npm run soak:counter
 *   COUNTER_DEVICES=3 COUNTER_SALES=50 npm run soak:counter   a shorter run
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ACCOUNT_ENDPOINTS,
  API_PREFIX,
  COUNTER_ENDPOINTS,
  type CounterSaleBody,
  counterTotals,
  type Endpoint,
  type EndpointData,
  type EndpointInput,
  fromKobo,
  IDEMPOTENT_REPLAYED_HEADER,
  requestOf,
  STOCK_ENDPOINTS,
  toKobo,
} from '@oja/contract';
import { hashPassword } from '@oja/server/bench';
import type pg from 'pg';
import { startProductionBuild } from './started-build';

const DEVICES = Number(process.env.COUNTER_DEVICES ?? 5);
const SALES_PER_DEVICE = Number(process.env.COUNTER_SALES ?? 200);
const PRODUCTS = 30;
const PASSWORD = 'soak-pass-word';
/** What can go wrong with one attempt to send a sale, each with its chance. */
const FAULTS = { dropAnswer: 0.2, cutEarly: 0.1, twoTabs: 0.1, replayEarlier: 0.1 };
const MAX_ATTEMPTS = 30;

let baseUrl = '';
const failures: string[] = [];
const statuses = new Map<number, number>();
const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);

type Reply<E extends Endpoint> = { status: number; data?: EndpointData<E>; replayed: boolean; text: string };

/** One request; `cut` aborts it after that many ms (the network gone mid-send: the server may or may not see it). */
async function call<E extends Endpoint>(
  entry: E,
  input: EndpointInput<E>,
  token: string,
  options: { cut?: number; ip: string },
): Promise<Reply<E> | null> {
  const request = requestOf(entry, input);
  const url = new URL(`${baseUrl}${API_PREFIX}${request.path}`);
  for (const [key, value] of Object.entries(request.query)) url.searchParams.set(key, value);
  try {
    const answer = await fetch(url, {
      method: request.method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-forwarded-for': options.ip },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: options.cut === undefined ? undefined : AbortSignal.timeout(options.cut),
    });
    const text = await answer.text();
    count(answer.status);
    if (answer.status >= 500) failures.push(`${request.path} answered ${answer.status}: ${text.slice(0, 300)}`);
    const data =
      answer.status < 300 ? (JSON.parse(text) as { response_data: EndpointData<E> }).response_data : undefined;
    return { status: answer.status, data, replayed: answer.headers.get(IDEMPOTENT_REPLAYED_HEADER) === 'true', text };
  } catch (error) {
    if ((error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError') return null;
    throw error;
  }
}

const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const chance = (p: number) => Math.random() < p;

/** One shop with its owner and a clerk per phone, written straight to the tables, as the soak does. */
async function createShop(db: pg.Pool, passwordHash: string) {
  const tag = randomBytes(3).toString('hex');
  const client = await db.connect();
  try {
    await client.query('begin');
    const insertUser = async (role: string, index: number) => {
      const username = `counter.${role}.${index}.${tag}`;
      const user = await client.query<{ id: string }>(
        `insert into users (first_name, last_name, username, password_hash, is_active, account_role)
         values ($1, $2, $3, $4, true, $5) returning id`,
        [
          `Clerk${index}`,
          role === 'ceo' ? 'Owner' : 'Seller',
          username,
          passwordHash,
          role === 'ceo' ? 'ceo' : 'member',
        ],
      );
      return { id: Number(user.rows[0]?.id), username };
    };
    const owner = await insertUser('ceo', 0);
    const business = await client.query<{ id: string }>(
      'insert into businesses (name, slug, owner_id) values ($1, $2, $3) returning id',
      [`Counter Stores ${tag}`, `counter-${tag}`, owner.id],
    );
    const businessId = Number(business.rows[0]?.id);
    const clerks = [];
    for (let index = 1; index <= DEVICES; index++) clerks.push(await insertUser('sales_person', index));
    for (const [person, role] of [
      [owner, 'ceo'],
      ...clerks.map((clerk) => [clerk, 'sales_person'] as const),
    ] as const) {
      await client.query('insert into memberships (business_id, user_id, role, is_active) values ($1, $2, $3, true)', [
        businessId,
        person.id,
        role,
      ]);
      await client.query('update users set current_business_id = $1 where id = $2', [businessId, person.id]);
    }
    await client.query('commit');
    return { businessId, owner, clerks };
  } finally {
    client.release();
  }
}

async function logIn(username: string, ip: string): Promise<string> {
  const answer = await call(ACCOUNT_ENDPOINTS.login, { email_or_username: username, password: PASSWORD }, '', { ip });
  if (!answer?.data) throw new Error(`Login of ${username} failed (${answer?.status}).`);
  return answer.data.access_token;
}

type Phone = { clerkId: number; token: string; ip: string; outbox: CounterSaleBody[] };
/** Every answer's sale id per client_sale_id: all answers for one sale must name the same sale. */
const answered = new Map<string, Set<number>>();

/** The sales a phone made offline, in order: its own ids and receipt numbers, paid as shops are paid. */
function sellOffline(
  businessId: number,
  device: { device_id: string; prefix: string },
  products: { id: number; price: string }[],
): CounterSaleBody[] {
  return Array.from({ length: SALES_PER_DEVICE }, (_, index) => {
    const chosen = [...products].sort(() => Math.random() - 0.5).slice(0, between(1, 3));
    const lines = chosen.map((product) => ({
      product_id: product.id,
      quantity: between(1, 3),
      // Now and then an old price on the phone: the server flags it and keeps it.
      unit_price: chance(0.05) ? '1.00' : product.price,
    }));
    const { total } = counterTotals(lines, []);
    const kind = pick(['cash', 'cash', 'split', 'part', 'owed'] as const);
    const totalKobo = toKobo(total);
    const naira = fromKobo;
    const payments =
      kind === 'cash'
        ? [{ method: 'cash' as const, amount: total }]
        : kind === 'split'
          ? [
              { method: 'cash' as const, amount: naira(totalKobo / 2n) },
              { method: 'bank_transfer' as const, amount: naira(totalKobo - totalKobo / 2n) },
            ]
          : kind === 'part'
            ? [{ method: 'pos_card' as const, amount: naira(totalKobo / 3n || 1n) }]
            : [];
    return {
      business_id: businessId,
      client_sale_id: randomUUID(),
      device_id: device.device_id,
      receipt_number: `${device.prefix}-${String(index + 1).padStart(4, '0')}`,
      // Made over the last hours, in order.
      sold_at: new Date(Date.now() - (SALES_PER_DEVICE - index) * 30_000).toISOString(),
      catalogue_version: null,
      customer:
        kind === 'cash' || kind === 'split'
          ? null
          : { name: `Customer ${between(1, 20)}`, phone_number: '08031234567' },
      lines,
      payments,
    };
  });
}

/** Sends one sale until the server answers it, through the faults; records every answer's sale id. */
async function send(phone: Phone, body: CounterSaleBody): Promise<void> {
  const remember = (reply: Reply<typeof COUNTER_ENDPOINTS.recordCounterSale> | null) => {
    if (!reply?.data) return;
    const ids = answered.get(body.client_sale_id) ?? new Set();
    answered.set(body.client_sale_id, ids.add(reply.data.sale.id));
  };
  for (let attempt = 1; ; attempt++) {
    if (attempt > MAX_ATTEMPTS) {
      failures.push(`${body.receipt_number} was never answered after ${MAX_ATTEMPTS} attempts.`);
      return;
    }
    const options = { ip: phone.ip };
    if (chance(FAULTS.cutEarly)) {
      // The network goes while the request is on its way: sometimes before, sometimes after the server saw it.
      remember(await call(COUNTER_ENDPOINTS.recordCounterSale, body, phone.token, { ...options, cut: between(1, 40) }));
      await sleep(between(5, 20) * attempt);
      continue;
    }
    if (chance(FAULTS.dropAnswer)) {
      // The server committed; its answer never reached the phone, which sends the sale again.
      remember(await call(COUNTER_ENDPOINTS.recordCounterSale, body, phone.token, options));
      continue;
    }
    const copies = chance(FAULTS.twoTabs) ? 2 : 1;
    const replies = await Promise.all(
      Array.from({ length: copies }, () => call(COUNTER_ENDPOINTS.recordCounterSale, body, phone.token, options)),
    );
    replies.forEach(remember);
    const decided = replies.find((reply) => reply && (reply.status === 200 || reply.status === 201));
    const refused = replies.find((reply) => reply && reply.status >= 400 && reply.status < 500 && reply.status !== 429);
    if (refused) {
      failures.push(`${body.receipt_number} was refused (${refused.status}): ${refused.text.slice(0, 300)}`);
      return;
    }
    if (decided) return;
    await sleep(between(10, 50) * attempt);
  }
}

async function sendOutbox(phone: Phone): Promise<void> {
  const sent: CounterSaleBody[] = [];
  for (const body of phone.outbox) {
    await send(phone, body);
    sent.push(body);
    if (sent.length > 1 && chance(FAULTS.replayEarlier)) {
      // An earlier sale sent again (a phone that restored an old copy of its outbox): the first sale, replayed.
      const earlier = pick(sent.slice(0, -1));
      const reply = await call(COUNTER_ENDPOINTS.recordCounterSale, earlier, phone.token, { ip: phone.ip });
      if (reply?.data) {
        if (reply.status !== 200 || !reply.replayed)
          failures.push(`${earlier.receipt_number} sent again answered ${reply.status} without the replay header.`);
        const ids = answered.get(earlier.client_sale_id) ?? new Set();
        answered.set(earlier.client_sale_id, ids.add(reply.data.sale.id));
      }
    }
  }
}

/** The invariants of the run; answers what breaks them. */
async function brokenInvariants(db: pg.Pool, businessId: number, phones: Phone[]): Promise<string[]> {
  const broken: string[] = [];
  const made = phones.flatMap((phone) => phone.outbox.map((body) => ({ ...body, clerkId: phone.clerkId })));
  const { rows } = await db.query<{
    id: string;
    client_sale_id: string;
    receipt_number: string;
    created_by: string;
    total_cart_amount: string;
    amount_paid: string;
    paid: string;
  }>(
    `select s.id, s.client_sale_id, s.receipt_number, s.created_by, s.total_cart_amount::text, s.amount_paid::text,
       (select coalesce(sum(p.amount), 0)::numeric(14, 2)::text from payments p where p.business_id = s.business_id and p.sale_id = s.id) as paid
     from sales s where s.business_id = $1`,
    [businessId],
  );
  if (rows.length !== made.length) broken.push(`${rows.length} sales recorded for ${made.length} made on the phones`);
  const byClientId = new Map(rows.map((row) => [row.client_sale_id, row]));
  if (byClientId.size !== rows.length) broken.push('a client_sale_id was recorded twice');
  if (new Set(rows.map((row) => row.receipt_number)).size !== rows.length)
    broken.push('a receipt number was used twice');
  let wrong = 0;
  for (const sale of made) {
    const row = byClientId.get(sale.client_sale_id);
    const totals = counterTotals(sale.lines, sale.payments);
    const ids = answered.get(sale.client_sale_id) ?? new Set();
    if (
      !row ||
      row.receipt_number !== sale.receipt_number ||
      Number(row.created_by) !== sale.clerkId ||
      row.total_cart_amount !== totals.total ||
      row.amount_paid !== totals.paid ||
      row.paid !== totals.paid ||
      ids.size !== 1 ||
      !ids.has(Number(row.id))
    )
      wrong++;
  }
  if (wrong) broken.push(`${wrong} sales differ from what the phone made or from what the server answered`);

  const checks: [string, string][] = [
    [
      'a batch differs from the sum of its movements',
      `select b.id from product_batches b left join stock_movements m on m.business_id = b.business_id and m.batch_id = b.id
       where b.business_id = $1 group by b.id, b.quantity having b.quantity <> coalesce(sum(m.delta), 0)`,
    ],
    ['a batch is below zero', 'select id from product_batches where business_id = $1 and quantity < 0'],
    [
      'a sale differs from the sum of its lines',
      `select s.id from sales s left join sale_lines l on l.business_id = s.business_id and l.sale_id = s.id
       where s.business_id = $1 group by s.id, s.total_cart_amount having s.total_cart_amount <> coalesce(sum(l.line_total), 0)`,
    ],
    [
      "a product's units taken from batches differ from its sale movements",
      `select l.product_id from sale_lines l where l.business_id = $1 and l.batch_id is not null group by l.product_id
       having sum(l.quantity) <> -(select coalesce(sum(m.delta), 0) from stock_movements m
         where m.business_id = $1 and m.product_id = l.product_id and m.reason = 'sale')`,
    ],
    [
      "a product's units no batch held differ from its shortfalls",
      `select p.id from products p where p.business_id = $1 and
         (select coalesce(sum(l.quantity), 0) from sale_lines l where l.business_id = $1 and l.product_id = p.id and l.batch_id is null)
         <> (select coalesce(sum(f.quantity), 0) from stock_shortfalls f where f.business_id = $1 and f.product_id = p.id)`,
    ],
  ];
  for (const [rule, query] of checks) {
    const { rowCount } = await db.query(query, [businessId]);
    if (rowCount) broken.push(`${rule} (${rowCount})`);
  }
  const units = made.reduce((sum, sale) => sum + sale.lines.reduce((lines, line) => lines + line.quantity, 0), 0);
  const { rows: sold } = await db.query<{ units: string }>(
    'select coalesce(sum(quantity), 0) as units from sale_lines where business_id = $1',
    [businessId],
  );
  if (Number(sold[0]?.units) !== units) broken.push(`${sold[0]?.units} units on sale lines for ${units} sold`);
  return broken;
}

async function main(): Promise<void> {
  process.stdout.write(
    `Counter soak: ${DEVICES} phones × ${SALES_PER_DEVICE} offline sales. Building the server as npm start does…\n`,
  );
  const started = await startProductionBuild('counter-soak');
  baseUrl = started.baseUrl;
  const { db } = started;
  try {
    const { businessId, owner, clerks } = await createShop(db, await hashPassword(PASSWORD));
    const ownerToken = await logIn(owner.username, '10.9.0.1');
    const products: { id: number; price: string }[] = [];
    for (let index = 0; index < PRODUCTS; index++) {
      const price = `${between(100, 2000)}.50`;
      const product = await call(
        STOCK_ENDPOINTS.createProduct,
        {
          business_id: businessId,
          product_name: `Counter product ${index}`,
          cost_price: '80.00',
          selling_price: price,
          currency: 'NGN',
          // A third of the products hold less than the phones will sell of them: shortfalls.
          batches: [
            { batch_number: 'LOT-A', quantity: index % 3 === 0 ? 10 : 400, expiration_date: null },
            { batch_number: 'LOT-B', quantity: index % 3 === 0 ? 5 : 400, expiration_date: null },
          ],
        },
        ownerToken,
        { ip: '10.9.0.1' },
      );
      if (!product?.data) throw new Error(`Product setup failed: ${product?.text}`);
      products.push({ id: product.data.id, price });
    }
    const phones: Phone[] = [];
    for (const [index, clerk] of clerks.entries()) {
      const ip = `10.9.${index + 1}.1`;
      const token = await logIn(clerk.username, ip);
      const registered = await call(
        COUNTER_ENDPOINTS.registerDevice,
        { business_id: businessId, device_id: randomUUID() },
        token,
        { ip },
      );
      if (!registered?.data) throw new Error(`Device registration failed: ${registered?.text}`);
      phones.push({ clerkId: clerk.id, token, ip, outbox: sellOffline(businessId, registered.data.device, products) });
    }
    statuses.clear();
    const began = Date.now();
    await Promise.all(phones.map(sendOutbox));
    const seconds = (Date.now() - began) / 1000;
    process.stdout.write(
      `Sent in ${seconds.toFixed(0)} s; answers by status: ${[...statuses]
        .sort()
        .map(([status, n]) => `${status} × ${n}`)
        .join(', ')}\n`,
    );
    const broken = await brokenInvariants(db, businessId, phones);
    process.stdout.write(`Invariants: ${broken.length ? broken.join('; ') : 'all hold'}\n`);
    failures.push(...broken);
  } finally {
    failures.push(...(await started.stop()));
  }
  if (failures.length) {
    console.error(`\nCOUNTER SOAK FAILED:\n- ${[...new Set(failures)].slice(0, 30).join('\n- ')}`);
    process.exit(1);
  }
  process.stdout.write('\nCounter soak passed.\n');
}

main().catch((error: unknown) => {
  console.error('The counter soak could not run:', error);
  process.exit(1);
});
