/**
 * The load benchmark's data: one large business and many small ones, written set-based (multi-row
 * INSERT … SELECT from generate_series, no round trip per row) straight into the tables of a migrated
 * database. Every value is a function of the row's number and BENCH_SEED, so two runs with the same
 * sizes and seed write the same data. The rows keep the schema's invariants: each stocked batch has one
 * opening movement equal to its quantity (the ledger sums to the batches), a sale's total is the sum of
 * its lines, amount paid ≤ total with a payment row for it. Triggers (product counts, and any report
 * totals) fire on these INSERTs like on the app's own, so what they maintain stays right.
 *
 * Sizes at BENCH_SCALE=1 (the issue's): 100,000 products (~200,000 batches, generateCatalogue's shape
 * shared with the inventory bench), 200,000 sales with ~1,000,000 lines (1 to 9 each) and their payments,
 * 50,000 expenses, 50 members; 1,000 small businesses of 20 products and 50 sales each. The large business's owner's
 * books (issue 54): partial returns of one paid sale in twenty (a unit each, refunded by its payment's method) and
 * 100,000 activity log entries over the year.
 */

import { hashPassword } from '@oja/server/bench';
import type pg from 'pg';
import { generateCatalogue } from './generate';

export const BENCH_PASSWORD = 'bench-pass-word';

export type Sizes = {
  products: number;
  sales: number;
  expenses: number;
  members: number;
  smallBusinesses: number;
  smallProducts: number;
  smallSales: number;
  /** Open carts of the large business (parked sales); each small business has OPEN_CARTS_SMALL. */
  openCarts: number;
  /** Entries of the large business's activity log, over the year. */
  activity: number;
};

const OPEN_CARTS_SMALL = 2;
/** Sessions every bench account has had before the run: expired or signed out, as a used database holds. */
const PAST_SESSIONS = 4;

export function sizesFor(scale: number): Sizes {
  const of = (n: number, least = 1) => Math.max(least, Math.round(n * scale));
  return {
    products: of(100_000, 100),
    sales: of(200_000, 100),
    expenses: of(50_000, 10),
    members: 50,
    smallBusinesses: of(1_000, 10),
    smallProducts: 20,
    smallSales: 50,
    openCarts: of(1_000, 10),
    activity: of(100_000, 100),
  };
}

export type World = {
  businessId: number;
  ownerId: number;
  ownerUsername: string;
  /** A product with a single batch of HOT_STOCK units, for the all-clients-on-one-product sale. */
  hotProductId: number;
  /** Usernames of the small businesses' owners: many accounts for the login scenario. */
  smallOwners: string[];
};

export const HOT_STOCK = 1_000_000;

const timed = async (label: string, work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  console.warn(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
};

export async function generateWorld(client: pg.PoolClient, sizes: Sizes, seed: number): Promise<World> {
  // One hash for every bench account: argon2 per account would take a minute for 1,000 owners.
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  await client.query('set statement_timeout = 0');
  await client.query('set synchronous_commit = off');

  let businessId = 0;
  let ownerId = 0;
  await timed('accounts and businesses', async () => {
    await client.query('begin');
    // Owner of the large business (n = 0), its members (1..members-1), then one owner per small business.
    await client.query(
      `insert into users (first_name, last_name, username, password_hash, is_active, account_role)
       select 'Bench', 'User ' || n, 'bench.' || n, $1, true, case when n = 0 or n >= $2::int then 'ceo' else 'member' end
       from generate_series(0, $2::int + $3::int - 1) as n`,
      [passwordHash, sizes.members, sizes.smallBusinesses],
    );
    await client.query(
      `insert into businesses (name, slug, owner_id)
       select case when n = 0 then 'Bench Main Stores' else 'Bench Shop ' || n end,
              case when n = 0 then 'bench-main' else 'bench-shop-' || n end,
              u.id
       from generate_series(0, $1::int) as n
       join users u on u.username = 'bench.' || case when n = 0 then 0 else $2::int + n - 1 end`,
      [sizes.smallBusinesses, sizes.members],
    );
    const main = await client.query<{ business_id: string; owner_id: string }>(
      `select b.id as business_id, b.owner_id from businesses b where b.slug = 'bench-main'`,
    );
    businessId = Number(main.rows[0]!.business_id);
    ownerId = Number(main.rows[0]!.owner_id);
    await client.query(
      `insert into memberships (business_id, user_id, role, is_active)
       select b.id, b.owner_id, 'ceo', true from businesses b where b.slug like 'bench-%'`,
    );
    await client.query(
      `insert into memberships (business_id, user_id, role, is_active)
       select $1, u.id, (array['manager', 'sales_person', 'sales_rep'])[1 + n % 3], true
       from generate_series(1, $2::int - 1) as n join users u on u.username = 'bench.' || n`,
      [businessId, sizes.members],
    );
    await client.query(
      `update users u set current_business_id = b.id from businesses b where b.owner_id = u.id and b.slug like 'bench-%'`,
    );
    await client.query('commit');
  });

  await timed(`${sizes.products.toLocaleString('en')} products of the large business`, () =>
    generateCatalogue(client, businessId, sizes.products),
  );

  let hotProductId = 0;
  await client.query('begin');
  const hot = await client.query<{ id: string }>(
    `insert into products (business_id, product_name, sku, cost_price, selling_price, currency)
     values ($1, 'Bench Hot Product', 'HOT-0001', 100, 150, 'NGN') returning id`,
    [businessId],
  );
  hotProductId = Number(hot.rows[0]!.id);
  await client.query(
    `with batch as (
       insert into product_batches (business_id, product_id, batch_number, quantity, expiration_date, cost_price)
       values ($1, $2, 'HOT-LOT', $3, null, 100) returning id)
     insert into stock_movements (business_id, product_id, batch_id, delta, reason)
     select $1, $2, id, $3, 'initial' from batch`,
    [businessId, hotProductId, HOT_STOCK],
  );
  await client.query('commit');

  await timed(`${sizes.smallBusinesses.toLocaleString('en')} small businesses' catalogues`, () =>
    smallCatalogues(client, sizes),
  );
  await timed(
    `${sizes.sales.toLocaleString('en')} sales of the large business, their lines, payments and expenses`,
    () => trade(client, { businessIds: [businessId], sales: sizes.sales, maxLines: 9, expenses: sizes.expenses, seed }),
  );
  await timed(
    `the small businesses' ${(sizes.smallSales * sizes.smallBusinesses).toLocaleString('en')} sales`,
    async () => {
      const small = await client.query<{ id: string }>(
        `select id from businesses where slug like 'bench-shop-%' order by id`,
      );
      await trade(client, {
        businessIds: small.rows.map((row) => Number(row.id)),
        sales: sizes.smallSales,
        maxLines: 3,
        expenses: 5,
        seed,
      });
    },
  );
  await timed("the owner's books: returns and the activity log", () =>
    ownersBooks(client, { businessId, ownerId, members: sizes.members, activity: sizes.activity, seed }),
  );
  await timed('open carts and past sessions', () => openCartsAndSessions(client, sizes, seed));
  // The app writes a sale once, with its total, its lines and its payment in one statement, and so its sale_search
  // row once (modules/sales/confirm-sale.ts); trade() writes the sales, then their lines (which rewrite every
  // sale_search row), then their totals (every sale again). Without the vacuum below, much of `sales` and
  // `sale_search` is free space (pgstattuple), which a shop's own tables do not hold, and which the sales search's
  // count of a letter reads whole. Both are
  // rewritten compact, their rows in the order they were written, as the app would have left them.
  await timed('sales and sale_search compacted', () => client.query('vacuum full sales, sale_search'));
  // The whole database: the report tables, which the triggers rewrote row by row as the sales went in, held
  // 102,392 dead rows and no visibility map otherwise (report_sale_days), which a running server's autovacuum
  // would have cleared within a minute but a bench run of seconds never reaches.
  await timed('vacuum analyze', () => client.query('vacuum analyze'));
  await client.query('reset synchronous_commit');
  await client.query('reset statement_timeout');

  const owners = await client.query<{ username: string }>(
    `select u.username from businesses b join users u on u.id = b.owner_id where b.slug like 'bench-shop-%' order by b.id`,
  );
  return {
    businessId,
    ownerId,
    ownerUsername: 'bench.0',
    hotProductId,
    smallOwners: owners.rows.map((row) => row.username),
  };
}

/**
 * What a database in use holds besides its sales: carts parked at the counter (1 to 4 lines each), and the
 * sessions of earlier sign-ins, expired or signed out. Without them `carts` was analyzed empty, so each
 * pool connection planned the foreign-key check of a cart's lines (`select 1 from carts where business_id =
 * $1 and id = $2`) as a scan of the whole table, kept that plan, and scanned every cart the run had made so
 * far: in cart create then sales, millions of rows read by scans (pg_stat_user_tables), the cart's insert
 * several times its cost on a table analyzed with carts in it. A server in use
 * meets no such table: autovacuum analyzes a growing `carts` at every tenth more rows, and each analyze
 * drops the plans made on the old figures. Likewise `sessions` held the bench's one session, so the gate
 * read it by a scan of one row where a server in use reads an index.
 */
async function openCartsAndSessions(client: pg.PoolClient, sizes: Sizes, seed: number): Promise<void> {
  await client.query('begin');
  await client.query(
    `with catalogue as (
       select business_id, row_number() over (partition by business_id order by id) - 1 as k, id
       from products where business_id in (select id from businesses where slug like 'bench-%') and sku not like 'HOT-%'),
     sizes as (select business_id, count(*) as n from catalogue group by business_id),
     parked as (
       insert into carts (business_id, title, customer_name, created_by, created_at, updated_at)
       select b.id, 'Parked ' || i, 'Customer ' || ((i + $3::int)::bigint * 7919) % 5000, b.owner_id,
              now() - make_interval(mins => (i * 37 + $3::int) % 10080), now() - make_interval(mins => (i * 37 + $3::int) % 10080)
       from businesses b
       cross join lateral generate_series(1, case when b.slug = 'bench-main' then $1::int else $2::int end) as i
       where b.slug like 'bench-%'
       returning business_id, id)
     insert into cart_items (business_id, cart_id, product_id, quantity)
     select c.business_id, c.id, p.id, 1 + (c.id * 13 + line) % 5
     from parked c
     cross join lateral generate_series(0, (c.id + $3::int) % 4) as line
     join sizes size on size.business_id = c.business_id
     join catalogue p on p.business_id = c.business_id
       and p.k = ((c.id + $3::int) * 7919 + line * 104729) % size.n`,
    [sizes.openCarts, OPEN_CARTS_SMALL, seed],
  );
  await client.query(
    `insert into sessions (user_id, created_at, expires_at, revoked_at, revoked_reason, user_agent, ip)
     select u.id, started, started + interval '30 days',
            case when k % 2 = 0 then started + interval '2 days' end, case when k % 2 = 0 then 'logout' end,
            'Mozilla/5.0 (Linux; Android 11) bench', '10.0.' || (u.id % 250) || '.' || (k + 1)
     from users u
     cross join generate_series(0, $1::int - 1) as k
     cross join lateral (select now() - make_interval(days => 40 + k * 30 + (u.id::int + $2::int) % 20) as started) s
     where u.username like 'bench.%'`,
    [PAST_SESSIONS, seed],
  );
  await client.query('commit');
}

/**
 * What the owner's books read besides sales (issue 54): one paid sale in twenty gives back one unit of its first
 * line within three days, refunded in full by its payment's method, the sale's total and amount paid taken down
 * by it as return-sale.ts does (the bench's sales move no batch, so neither do their returns); and the activity
 * log's entries over the year, by every member, of the kinds a shop writes most.
 */
async function ownersBooks(
  client: pg.PoolClient,
  options: { businessId: number; ownerId: number; members: number; activity: number; seed: number },
): Promise<void> {
  const { businessId, ownerId, members, activity, seed } = options;
  await client.query('begin');
  await client.query(
    `create temp table bench_returns on commit drop as
     select s.business_id, s.id as sale_id, l.id as line_id, l.line_total / l.quantity as unit,
            coalesce(l.cost_price, 0) as cost, p.id as payment_id, p.method,
            least(s.created_at + make_interval(hours => 1 + (s.id % 72)::int), now()) as at
     from sales s
     cross join lateral (select id, line_total, quantity, cost_price from sale_lines
                         where business_id = s.business_id and sale_id = s.id order by id limit 1) l
     join payments p on p.business_id = s.business_id and p.sale_id = s.id
     where s.business_id = $1 and s.status = 'active' and s.payment_status = 'paid' and (s.id + $2::int) % 20 = 0`,
    [businessId, seed],
  );
  await client.query(
    `insert into sale_returns (business_id, sale_id, reason, returned_by, created_at, kind, restock, amount, cost)
     select business_id, sale_id, 'Bench return', $1, at, 'return', true, unit, cost from bench_returns`,
    [ownerId],
  );
  await client.query(
    `create temp table bench_returned on commit drop as
     select b.*, r.id as return_id from bench_returns b
     join sale_returns r on r.business_id = b.business_id and r.sale_id = b.sale_id and r.kind = 'return'`,
  );
  await client.query(
    `insert into sale_return_lines (business_id, return_id, sale_line_id, quantity, amount)
     select business_id, return_id, line_id, 1, unit from bench_returned`,
  );
  await client.query(
    `insert into refunds (business_id, return_id, payment_id, amount, method, refunded_by, created_at)
     select business_id, return_id, payment_id, unit, method, $1, at from bench_returned`,
    [ownerId],
  );
  await client.query(
    `update sales s set total_cart_amount = s.total_cart_amount - b.unit, amount_paid = s.amount_paid - b.unit
     from bench_returned b where s.business_id = b.business_id and s.id = b.sale_id`,
  );
  await client.query(
    `insert into activity_log (business_id, at, actor_id, actor_name, kind, subject_type, subject_id, subject_label, details)
     select $1, now() - make_interval(secs => ($2::int - i)::float8 / $2::int * 365 * 86400), u.id,
            u.first_name || ' ' || u.last_name, k.kind, k.subject, 1 + (i * 7919) % 100000, 'Bench subject ' || i % 5000,
            case k.kind
              when 'product.price' then jsonb_build_object('changes', jsonb_build_array(jsonb_build_object(
                'field', 'selling_price', 'old', (500 + i % 900)::numeric(14, 2)::text,
                'new', (550 + i % 900)::numeric(14, 2)::text)), 'facts', jsonb_build_object('currency', 'NGN'))
              when 'stock.adjust' then jsonb_build_object('changes', '[]'::jsonb,
                'facts', jsonb_build_object('delta', ((i % 11) - 5)::text, 'reason', 'recount'))
              when 'stock.write_off' then jsonb_build_object('changes', '[]'::jsonb,
                'facts', jsonb_build_object('quantity', (1 + i % 4)::text, 'reason', 'damage'))
              else jsonb_build_object('changes', '[]'::jsonb, 'facts', jsonb_build_object('device', 'Android phone'))
            end
     from generate_series(1, $2::int) as i
     join users u on u.username = 'bench.' || (i + $4::int) % $3::int
     cross join lateral (select (array['product.price', 'stock.adjust', 'stock.write_off', 'account.new_device'])[1 + i % 4] as kind) k0
     cross join lateral (select k0.kind, case when k0.kind = 'account.new_device' then 'member' else 'product' end as subject) k`,
    [businessId, activity, members, seed],
  );
  await client.query('commit');
}

/** Twenty products per small business with one batch each (one in ten sold out), and their opening movements. */
async function smallCatalogues(client: pg.PoolClient, sizes: Sizes): Promise<void> {
  await client.query('begin');
  await client.query(
    `insert into products (business_id, product_name, sku, cost_price, selling_price, currency)
     select b.id, 'Shop ' || b.id || ' item ' || i, 'S' || b.id || '-' || lpad(i::text, 4, '0'),
            (50 + (b.id * 31 + i * 17) % 5000)::numeric(14, 2), (80 + (b.id * 31 + i * 17) % 5000)::numeric(14, 2), 'NGN'
     from businesses b cross join generate_series(1, $1::int) as i
     where b.slug like 'bench-shop-%'`,
    [sizes.smallProducts],
  );
  await client.query(
    `insert into product_batches (business_id, product_id, batch_number, quantity, expiration_date, cost_price)
     select p.business_id, p.id, 'LOT-' || p.id, case when p.id % 10 = 0 then 0 else 1 + p.id % 150 end,
            current_date + (p.id % 300)::int, p.cost_price
     from products p join businesses b on b.id = p.business_id
     where b.slug like 'bench-shop-%'`,
  );
  await client.query(
    `insert into stock_movements (business_id, product_id, batch_id, delta, reason)
     select pb.business_id, pb.product_id, pb.id, pb.quantity, 'initial'
     from product_batches pb join businesses b on b.id = pb.business_id
     where b.slug like 'bench-shop-%' and pb.quantity > 0`,
  );
  await client.query('commit');
}

/**
 * `sales` sales in each business over the last 365 days (one in ten in dollars, one in fifty cancelled, a
 * third each paid, partly paid and unpaid), 1..maxLines lines each over the business's products, the sale
 * totals from the lines, a payment for whatever was paid, and `expenses` expenses per business.
 */
async function trade(
  client: pg.PoolClient,
  options: { businessIds: number[]; sales: number; maxLines: number; expenses: number; seed: number },
): Promise<void> {
  const { businessIds, sales, maxLines, expenses, seed } = options;
  await client.query('begin');
  await client.query(
    `create temp table bench_catalogue on commit drop as
     select business_id, row_number() over (partition by business_id order by id) as rn,
            count(*) over (partition by business_id) as n, id, product_name, sku, cost_price, selling_price
     from products where business_id = any($1::bigint[]) and sku not like 'HOT-%'`,
    [businessIds],
  );
  await client.query('create unique index on bench_catalogue (business_id, rn)');
  await client.query('analyze bench_catalogue');
  await client.query(
    `create temp table bench_sales on commit drop as
     with inserted as (
       insert into sales (business_id, payment_status, currency, total_cart_amount, amount_paid, deposit_amount,
                          customer_name, created_by, created_by_name, created_at, status)
       select b.id,
              (array['paid', 'partial', 'not_paid'])[1 + (i + $3::int) % 3],
              case when (i + $3::int) % 10 = 0 then 'USD' else 'NGN' end,
              0, 0, 0,
              'Customer ' || ((i + $3::int)::bigint * 7919) % 5000,
              b.owner_id, 'Bench Seller',
              now() - make_interval(secs => ($2::int - i)::float8 / $2::int * 365 * 86400),
              case when (i + $3::int) % 50 = 0 then 'cancelled' else 'active' end
       from businesses b cross join generate_series(1, $2::int) as i
       where b.id = any($1::bigint[])
       returning business_id, id, created_at)
     select * from inserted`,
    [businessIds, sales, seed],
  );
  await client.query(
    `insert into sale_lines (business_id, sale_id, product_id, product_name, sku, quantity, unit_price, cost_price, line_total)
     select s.business_id, s.id, p.id, p.product_name, p.sku, q.quantity, p.selling_price, p.cost_price,
            p.selling_price * q.quantity
     from bench_sales s
     cross join lateral generate_series(1, 1 + (s.id + $2::int) % $1::int) as l
     cross join lateral (select 1 + (s.id + l) % 5 as quantity) q
     join bench_catalogue c0 on c0.business_id = s.business_id and c0.rn = 1
     join bench_catalogue p on p.business_id = s.business_id and p.rn = 1 + (s.id * 7 + l * 13 + $2::int) % c0.n`,
    [maxLines, seed],
  );
  await client.query(
    `update sales s
     set total_cart_amount = t.total,
         amount_paid = case s.payment_status when 'paid' then t.total when 'partial' then round(t.total / 3, 2) else 0 end,
         deposit_amount = case s.payment_status when 'paid' then t.total when 'partial' then round(t.total / 3, 2) else 0 end
     from (select l.business_id, l.sale_id, sum(l.line_total) as total
           from sale_lines l join bench_sales b on b.business_id = l.business_id and b.id = l.sale_id
           group by l.business_id, l.sale_id) t
     where s.business_id = t.business_id and s.id = t.sale_id`,
  );
  await client.query(
    `insert into payments (business_id, sale_id, amount, method, recorded_by, created_at)
     select s.business_id, s.id, s.amount_paid, (array['cash', 'bank_transfer', 'pos_card'])[1 + (s.id % 7) % 3],
            s.created_by, s.created_at
     from sales s join bench_sales b on b.business_id = s.business_id and b.id = s.id
     where s.amount_paid > 0`,
  );
  await client.query(
    `insert into expenses (business_id, amount, currency, category, description, date, created_by, created_by_name, created_at)
     select b.id, (100 + ((i + $3::int) * 37) % 50000)::numeric(14, 2),
            case when i % 20 = 0 then 'USD' else 'NGN' end,
            (array['rent', 'salaries', 'transport', 'utilities', 'stock purchase', 'repairs', 'other'])[1 + i % 7],
            'Bench expense ' || i,
            (now() at time zone 'Africa/Lagos')::date - (i % 365),
            b.owner_id, 'Bench Owner', now() - make_interval(days => i % 365)
     from businesses b cross join generate_series(1, $2::int) as i
     where b.id = any($1::bigint[])`,
    [businessIds, expenses, seed],
  );
  await client.query('commit');
}
