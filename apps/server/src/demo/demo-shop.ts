import {
  cancelSaleBodySchema,
  createCartBodySchema,
  createExpenseBodySchema,
  createProductBodySchema,
  createSaleBodySchema,
  fromKobo,
  lagosToday,
  type PaymentMethod,
  type PaymentStatus,
  recordPaymentBodySchema,
  requestProductsBodySchema,
  toKobo,
} from '@oja/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { alias } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db, Tx } from '../db/client';
import { columnNames } from '../db/column-names';
import * as schema from '../db/schema';
import {
  businesses,
  expenses,
  memberships,
  payments,
  product_batches,
  products,
  refunds,
  sale_returns,
  sales,
  stock_movements,
  users,
} from '../db/schema';
import { transaction } from '../db/transaction';
import { hashPassword } from '../modules/accounts/passwords';
import { openBusiness } from '../modules/businesses/open-business';
import { createExpense } from '../modules/expenses/create-expense';
import { cancelSale } from '../modules/sales/cancel-sale';
import { confirmSale } from '../modules/sales/confirm-sale';
import { createCart } from '../modules/sales/create-cart';
import { recordPayment } from '../modules/sales/record-payment';
import { requestProducts } from '../modules/sales/request-products';
import { createProduct } from '../modules/stock/create-product';
import type { UserRow } from '../platform/auth';
import type { BusinessContext } from '../platform/context';
import type { Deps } from '../platform/deps';
import { DEMO_EXPENSES, DEMO_PRODUCTS, WALK_IN_NAMES } from './catalogue';
import { DEMO_CUSTOMER_USERNAME, DEMO_PASSWORD, DEMO_PEOPLE, type DemoPerson } from './people';

export const DEMO_BUSINESS_NAME = 'Mama Nkechi Provisions';

export type DemoOutcome =
  | { created: false; reason: 'turned off' | 'database not empty' }
  | { created: true; businessId: number; slug: string; sales: number; ms: number };

/** Any fixed number: two servers starting on one empty database take turns, and the second finds it full. */
const DEMO_LOCK = 7_015_002;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** How far back the sales go. */
const HISTORY_DAYS = 90;
/** The same demo on every server: the history is drawn from this seed, never from Math.random. */
const SEED = 0x6f6a61;

/**
 * Creates the demo shop when the database has no users and no businesses (a first start), unless
 * the configuration turns it off (DEMO_DATA, NODE_ENV: see config.ts). Everything is made through
 * the use cases a shop's own requests go through (so the stock ledger equals the batches and every
 * amount is exact), inside one transaction: a failure leaves the database empty, as it was. The
 * history is then back-dated over 90 days in SQL; the report totals' triggers follow those updates.
 */
export async function createDemoShopIfEmpty(deps: Deps): Promise<DemoOutcome> {
  if (!deps.config.demoData) return { created: false, reason: 'turned off' };
  const started = Date.now();
  return onOneConnection(deps.db, (db) =>
    transaction(db, async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_LOCK})`);
      const { rows } = await tx.execute<{ empty: boolean }>(
        sql`select not exists (select 1 from ${users}) and not exists (select 1 from ${businesses}) as empty`,
      );
      if (!rows[0]?.empty) return { created: false, reason: 'database not empty' } as const;
      const shop = await buildDemoShop(deps, tx);
      return { created: true, ...shop, ms: Date.now() - started } as const;
    }),
  );
}

/**
 * Runs `work` on one connection of the pool whose queries take turns. The use cases run inside the
 * demo's one transaction, and some of them send two reads at once (Promise.all): on one connection
 * node-postgres would queue them itself, a use it has deprecated; here they queue explicitly.
 */
async function onOneConnection<T>(pool: Db, work: (db: Db) => Promise<T>): Promise<T> {
  // connect() made the database handle with drizzle({ client: pool }), which keeps the pool as $client.
  const client: pg.PoolClient = await (pool.$client as pg.Pool).connect();
  const query = client.query;
  let last: Promise<unknown> = Promise.resolve();
  client.query = ((...args: unknown[]) => {
    const run = last.then(() => (query as (...a: unknown[]) => Promise<unknown>).apply(client, args));
    last = run.catch(() => undefined);
    return run;
  }) as typeof client.query;
  try {
    return await work(drizzle({ client, schema, casing: 'snake_case' }));
  } finally {
    client.query = query;
    client.release();
  }
}

/** The start-up log line: what was made and how to get in. */
export function demoShopLogLine(outcome: Extract<DemoOutcome, { created: true }>, port: number): string {
  const staff = DEMO_PEOPLE.filter((person) => person.role !== 'customer')
    .map((person) => `${person.username} (${person.role})`)
    .join(', ');
  return (
    `Demo shop "${DEMO_BUSINESS_NAME}" created (${outcome.sales} sales over ${HISTORY_DAYS} days, ${outcome.ms} ms): ` +
    `log in as ${staff} with password ${DEMO_PASSWORD}, or open http://localhost:${port}/test-customer-login ` +
    `to see the customer ${DEMO_CUSTOMER_USERNAME}. DEMO_DATA=false turns this off.`
  );
}

/** A small fixed-seed generator (mulberry32): the same history on every run. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, int, pick };
}

/** The Lagos calendar day `offset` days from today, YYYY-MM-DD (Lagos is UTC+1 all year). */
function lagosDay(offset: number): string {
  const day = new Date(`${lagosToday()}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + offset);
  return day.toISOString().slice(0, 10);
}

/** A moment `daysAgo` Lagos days back, at `minutes` past the shop's 8 o'clock opening. */
function shopMoment(daysAgo: number, minutes: number): Date {
  return new Date(Date.parse(`${lagosDay(-daysAgo)}T08:00:00+01:00`) + minutes * 60_000);
}

type People = Record<DemoPerson['key'], UserRow>;

/** One sale of the history, before it is made. */
type PlannedSale = {
  daysAgo: number;
  seller: 'ceo' | 'bisi' | 'musa';
  customer: 'amaka' | 'tunde' | 'fatima' | string;
  lines: { index: number; quantity: number }[];
  status: PaymentStatus;
  method: PaymentMethod;
  /** Whether what is owed is paid later (in one or two payments), or stays owed. */
  settles: boolean;
  cancels?: boolean;
};

const REGISTERED = ['amaka', 'tunde', 'fatima'] as const;
const isRegistered = (customer: string): customer is (typeof REGISTERED)[number] =>
  (REGISTERED as readonly string[]).includes(customer);

async function buildDemoShop(deps: Deps, tx: Tx): Promise<{ businessId: number; slug: string; sales: number }> {
  // The use cases open their own transactions on ctx.db: on this one they become savepoints of it.
  const db = tx as unknown as Db;
  const random = seededRandom(SEED);
  const people = await createPeople(tx);
  const business = await openBusiness(
    tx,
    { userId: people.ceo.id },
    {
      name: DEMO_BUSINESS_NAME,
      about: 'Provisions, drinks and household goods, Adeniran Ogunsanya Street, Surulere, Lagos.',
      business_email: 'shop@demo.oja.test',
      address: '14 Adeniran Ogunsanya Street, Surulere, Lagos',
      phone: '+2348031234567',
      bank_name: 'Demo Bank',
      account_number: '0123456789',
      account_name: DEMO_BUSINESS_NAME,
    },
  );
  await tx
    .update(users)
    .set({ current_business_id: business.id })
    .where(
      inArray(
        users.id,
        Object.values(people).map((user) => user.id),
      ),
    );
  await tx.insert(memberships).values(
    DEMO_PEOPLE.filter((person) => person.role !== 'ceo').map((person) => ({
      business_id: business.id,
      user_id: people[person.key].id,
      role: person.role,
      is_active: true,
    })),
  );

  const as = (key: DemoPerson['key']): BusinessContext => {
    const user = people[key];
    const role = DEMO_PEOPLE.find((person) => person.key === key)?.role ?? 'customer';
    return {
      ...deps,
      db,
      client: { ip: '127.0.0.1', userAgent: 'oja demo seed' },
      actor: { userId: user.id, sessionId: 'demo-seed', user, via: 'bearer' },
      businessId: business.id,
      role,
      business,
      // As the gate gives it on the routes the seed calls, none of which narrows a role to its own records.
      sees: 'business',
    };
  };

  // The shelves: every product with its deliveries, entering the ledger as opening stock.
  const stocked: { id: number; price: string; left: number }[] = [];
  for (const item of DEMO_PRODUCTS) {
    const { product } = await createProduct(
      as('ceo'),
      createProductBodySchema.parse({
        business_id: business.id,
        product_name: item.name,
        cost_price: item.cost,
        selling_price: item.price,
        wholesale_price: item.wholesale ?? null,
        currency: 'NGN',
        reorder_level: item.reorderLevel ?? null,
        batches: item.batches.map((batch) => ({
          batch_number: batch.batch,
          quantity: batch.quantity,
          expiration_date: batch.expiresInDays === null ? null : lagosDay(batch.expiresInDays),
        })),
      }),
    );
    // What sales may still take: an expired batch stays on the shelf but never sells.
    const sellable = item.batches
      .filter((batch) => batch.expiresInDays === null || batch.expiresInDays >= 0)
      .reduce((sum, batch) => sum + batch.quantity, 0);
    stocked.push({ id: product.id, price: item.price, left: sellable });
  }

  const plan = planSales(random, stocked);
  const saleTimes: { id: number; at: Date }[] = [];
  const paymentTimes: { id: number; at: Date }[] = [];
  let cancelled: { id: number; at: Date } | undefined;
  for (const planned of plan) {
    const at =
      planned.daysAgo === 0
        ? new Date(Date.now() - random.int(20, 300) * 60_000)
        : shopMoment(planned.daysAgo, random.int(0, 11 * 60));
    const seller = as(planned.seller);
    const registered = isRegistered(planned.customer) ? people[planned.customer] : undefined;
    const { cart } = await createCart(
      seller,
      createCartBodySchema.parse({
        business_id: business.id,
        customer_id: registered?.id ?? null,
        customer_name: registered ? undefined : planned.customer,
        items: planned.lines.map((line) => ({ product_id: stocked[line.index]?.id, quantity: line.quantity })),
      }),
    );
    const total = toKobo(cart.total_cart_amount);
    const deposit = planned.status === 'partial' ? depositOf(total, random.next()) : undefined;
    const { sale } = await confirmSale(seller, {
      ...createSaleBodySchema.parse({
        cart_id: cart.id,
        business_id: business.id,
        payment_status: planned.status,
        payment_method: planned.method,
        deposit_amount: deposit,
      }),
      idempotencyKey: null,
    });
    saleTimes.push({ id: sale.id, at });
    for (const payment of sale.payments) paymentTimes.push({ id: payment.id, at });

    if (planned.cancels) {
      const when = new Date(at.getTime() + DAY + 2 * HOUR);
      await cancelSale(
        as('ceo'),
        cancelSaleBodySchema.parse({
          business_id: business.id,
          id: sale.id,
          reason: 'Customer brought everything back unopened: the order was for another shop.',
        }),
      );
      cancelled = { id: sale.id, at: when };
    } else if (planned.settles && planned.daysAgo >= 2) {
      // What is owed comes in later: in one payment, or half now and the rest a few days on.
      let owed = total - toKobo(sale.amount_paid);
      const instalments = owed >= 1_000_000n && random.next() < 0.5 ? 2 : 1;
      let daysLater = 0;
      for (let left = instalments; left > 0 && owed > 0n; left--) {
        daysLater = Math.min(planned.daysAgo - 1, daysLater + random.int(1, 6));
        const amount = left === 1 ? owed : (owed / 2n / 10_000n) * 10_000n;
        const { sale: paid } = await recordPayment(
          as(planned.seller),
          recordPaymentBodySchema.parse({
            business_id: business.id,
            sale_id: sale.id,
            amount: fromKobo(amount),
            method: random.pick(['cash', 'bank_transfer', 'bank_transfer', 'pos_card'] as const),
          }),
        );
        const newest = paid.payments.reduce((a, b) => (b.id > a.id ? b : a));
        paymentTimes.push({ id: newest.id, at: new Date(at.getTime() + daysLater * DAY + random.int(1, 4) * HOUR) });
        owed -= amount;
      }
    }
  }

  // A cart still being built at the counter, to show that carts wait until they are confirmed.
  await createCart(
    as('bisi'),
    createCartBodySchema.parse({
      business_id: business.id,
      title: 'Mama Chidinma: weekly provisions',
      customer_name: 'Mama Chidinma',
      items: [
        { product_id: stocked[0]?.id, quantity: 2 },
        { product_id: stocked[6]?.id, quantity: 3 },
      ],
    }),
  );

  // A customer asked for products from her phone: the staff see it marked in their carts to confirm.
  await requestProducts(
    as('amaka'),
    requestProductsBodySchema.parse({
      business_id: business.id,
      items: [
        { product_id: stocked[2]?.id, quantity: 1 },
        { product_id: stocked[9]?.id, quantity: 2 },
      ],
    }),
  );

  for (const expense of DEMO_EXPENSES) {
    await createExpense(
      as(expense.category === 'salaries' || expense.category === 'rent' ? 'ceo' : 'manager'),
      createExpenseBodySchema.parse({
        business_id: business.id,
        amount: expense.amount,
        currency: 'NGN',
        category: expense.category,
        description: expense.description,
        date: lagosDay(-expense.daysAgo),
      }),
    );
  }

  await backDate(tx, business.id, { saleTimes, paymentTimes, cancelled });
  return { businessId: business.id, slug: business.slug, sales: plan.length };
}

/** The demo accounts, active (their email counts as verified), all with the one demo password. */
async function createPeople(tx: Tx): Promise<People> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const rows = await tx
    .insert(users)
    .values(
      DEMO_PEOPLE.map((person) => ({
        first_name: person.first_name,
        last_name: person.last_name,
        username: person.username,
        email: person.email,
        phone_number: person.phone_number,
        password_hash: passwordHash,
        is_active: true,
        is_demo: true,
        account_role: person.role === 'ceo' ? ('ceo' as const) : ('member' as const),
      })),
    )
    .returning();
  return Object.fromEntries(
    DEMO_PEOPLE.map((person) => [person.key, rows.find((row) => row.username === person.username)]),
  ) as People;
}

/** A partial sale's deposit: 30 to 70 % of the total in whole hundreds of Naira, above 0 and below the total. */
function depositOf(totalKobo: bigint, fraction: number): string {
  const share = BigInt(30 + Math.floor(fraction * 41));
  const deposit = ((totalKobo * share) / 100n / 10_000n) * 10_000n;
  return fromKobo(deposit > 0n ? deposit : totalKobo / 2n);
}

/**
 * Ninety days of trade: a sale or two a day, mostly paid at once, some part-paid or on credit
 * and settled later. Amaka (the demo customer) buys often and still owes for her last two orders;
 * one sale was cancelled the next day. Stock is counted as it goes, so no sale asks for more than
 * the sellable shelves hold.
 */
function planSales(random: ReturnType<typeof seededRandom>, stocked: { price: string; left: number }[]): PlannedSale[] {
  const plan: PlannedSale[] = [];
  const take = (count: number) => {
    const lines: PlannedSale['lines'] = [];
    for (let attempt = 0; lines.length < count && attempt < 20; attempt++) {
      const index = random.int(0, stocked.length - 1);
      const product = stocked[index];
      if (!product || lines.some((line) => line.index === index)) continue;
      // Cartons and bags of rice go one or two at a time; tins and sachets by the handful.
      const pricey = toKobo(product.price) >= 500_000n;
      const quantity = pricey ? random.int(1, 2) : random.int(1, 6);
      if (product.left < quantity) continue;
      product.left -= quantity;
      lines.push({ index, quantity });
    }
    return lines;
  };
  const method = () => random.pick(['cash', 'cash', 'cash', 'bank_transfer', 'bank_transfer', 'pos_card'] as const);
  const seller = () => {
    const roll = random.next();
    return roll < 0.45 ? 'bisi' : roll < 0.85 ? 'musa' : 'ceo';
  };

  for (let daysAgo = HISTORY_DAYS - 1; daysAgo >= 0; daysAgo--) {
    const count = 1 + (random.next() < 0.2 ? 1 : 0);
    for (let n = 0; n < count; n++) {
      const lines = take(random.int(1, 3));
      if (lines.length === 0) continue;
      const roll = random.next();
      const customer =
        roll < 0.14 ? 'amaka' : roll < 0.22 ? 'tunde' : roll < 0.3 ? 'fatima' : random.pick(WALK_IN_NAMES);
      const statusRoll = random.next();
      const status: PaymentStatus = statusRoll < 0.7 ? 'paid' : statusRoll < 0.85 ? 'partial' : 'not_paid';
      // Registered customers settle what they owe (Amaka's last two orders are planned below); most walk-ins do too.
      const settles = isRegistered(customer) || random.next() < 0.75;
      plan.push({ daysAgo, seller: seller(), customer, lines, status, method: method(), settles });
    }
    if (daysAgo === 40) {
      plan.push({
        daysAgo,
        seller: 'musa',
        customer: 'Chief Adewale',
        lines: take(3),
        status: 'paid',
        method: 'cash',
        settles: true,
        cancels: true,
      });
    }
    if (daysAgo === 12) {
      plan.push({
        daysAgo,
        seller: 'bisi',
        customer: 'amaka',
        lines: take(3),
        status: 'partial',
        method: 'bank_transfer',
        settles: false,
      });
    }
    if (daysAgo === 4) {
      plan.push({
        daysAgo,
        seller: 'musa',
        customer: 'amaka',
        lines: take(2),
        status: 'not_paid',
        method: 'cash',
        settles: false,
      });
    }
    if (daysAgo === 0) {
      plan.push({
        daysAgo,
        seller: 'bisi',
        customer: 'amaka',
        lines: take(2),
        status: 'paid',
        method: 'pos_card',
        settles: true,
      });
    }
  }
  // Amaka's owing is the two orders above: her other recent ones were paid on the spot.
  for (const sale of plan) {
    if (sale.customer === 'amaka' && sale.daysAgo < 30 && sale.settles && sale.status !== 'paid') {
      sale.status = 'paid';
    }
  }
  return plan.filter((sale) => sale.lines.length > 0);
}

/** The back-dated tables, aliased through the schema. */
const s = alias(sales, 's');
const m = alias(stock_movements, 'm');
const p = alias(payments, 'p');
const r = alias(refunds, 'r');
const sr = alias(sale_returns, 'sr');

/**
 * Moves the history to when it happened. The rows were all written just now; each gets the moment
 * the plan gave it: people and shelves before the first sale, every sale and its stock movements at
 * its own time, each payment at its own, the cancellation a day after its sale, each expense on its day.
 */
async function backDate(
  tx: Tx,
  businessId: number,
  times: {
    saleTimes: { id: number; at: Date }[];
    paymentTimes: { id: number; at: Date }[];
    cancelled?: { id: number; at: Date };
  },
): Promise<void> {
  const opened = shopMoment(HISTORY_DAYS + 5, 0);
  const stocked = shopMoment(HISTORY_DAYS + 1, 60);
  const values = (rows: { id: number; at: Date }[]) =>
    sql.join(
      rows.map((row) => sql`(${row.id}::bigint, ${row.at.toISOString()}::timestamptz)`),
      sql`, `,
    );

  await tx.update(businesses).set({ created_at: opened, updated_at: opened }).where(eq(businesses.id, businessId));
  await tx
    .update(users)
    .set({ created_at: opened, updated_at: opened })
    .where(eq(users.current_business_id, businessId));
  await tx
    .update(memberships)
    .set({ created_at: opened, updated_at: opened })
    .where(eq(memberships.business_id, businessId));
  await tx
    .update(products)
    .set({ created_at: stocked, updated_at: stocked })
    .where(eq(products.business_id, businessId));
  await tx.update(product_batches).set({ created_at: stocked }).where(eq(product_batches.business_id, businessId));
  await tx
    .update(stock_movements)
    .set({ created_at: stocked })
    .where(and(eq(stock_movements.business_id, businessId), eq(stock_movements.reason, 'initial')));

  if (times.saleTimes.length > 0) {
    await tx.execute(sql`
      update ${sales} ${s} set ${columnNames(s.created_at)} = v.at
      from (values ${values(times.saleTimes)}) as v(id, at)
      where ${s.business_id} = ${businessId} and ${s.id} = v.id`);
    await tx.execute(sql`
      update ${stock_movements} ${m} set ${columnNames(m.created_at)} = ${s.created_at}
      from ${sales} ${s}
      where ${m.business_id} = ${businessId} and ${s.business_id} = ${m.business_id} and ${s.id} = ${m.sale_id}
        and ${m.reason} = 'sale'`);
  }
  if (times.paymentTimes.length > 0) {
    await tx.execute(sql`
      update ${payments} ${p} set ${columnNames(p.created_at)} = v.at
      from (values ${values(times.paymentTimes)}) as v(id, at)
      where ${p.business_id} = ${businessId} and ${p.id} = v.id`);
  }
  if (times.cancelled) {
    const { id, at } = times.cancelled;
    await tx
      .update(sales)
      .set({ cancelled_at: at })
      .where(and(eq(sales.business_id, businessId), eq(sales.id, id)));
    await tx
      .update(sale_returns)
      .set({ created_at: at })
      .where(and(eq(sale_returns.business_id, businessId), eq(sale_returns.sale_id, id)));
    await tx.execute(sql`
      update ${refunds} ${r} set ${columnNames(r.created_at)} = ${at.toISOString()}::timestamptz
      from ${sale_returns} ${sr}
      where ${r.business_id} = ${businessId} and ${sr.business_id} = ${r.business_id} and ${sr.id} = ${r.return_id}
        and ${sr.sale_id} = ${id}`);
    await tx
      .update(stock_movements)
      .set({ created_at: at })
      .where(
        and(
          eq(stock_movements.business_id, businessId),
          eq(stock_movements.sale_id, id),
          eq(stock_movements.reason, 'return'),
        ),
      );
  }
  // An expense is entered on the day it was paid, at midday.
  await tx.execute(sql`
    update ${expenses} set created_at = (date + time '12:00') at time zone 'Africa/Lagos'
    where business_id = ${businessId}`);
}
