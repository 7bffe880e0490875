import type pg from 'pg';

/**
 * A year of trade in one business, in a few set-based statements: `sales` sales spread evenly over the
 * last 365 days (one in ten in dollars, one in fifty cancelled, a third each paid, partly paid and
 * unpaid), one to four lines each (2.5 on average, so 400,000 sales make 1,000,000 lines) over the
 * business's products, their payments, and `expenses` expenses over the same year.
 */
export async function generateTrade(
  client: pg.PoolClient,
  options: { businessId: number; userId: number; sales: number; expenses: number },
): Promise<void> {
  const { businessId, userId } = options;
  // Generation runs longer than the pool's timeout for a request (reset at the end).
  await client.query('set statement_timeout = 0');
  await client.query('begin');
  await client.query(
    `create temp table bench_products on commit drop as
     select row_number() over (order by id) as rn, id, product_name, sku, cost_price, selling_price
     from products where business_id = $1`,
    [businessId],
  );
  await client.query('create unique index on bench_products (rn)');
  await client.query('analyze bench_products');
  const { rows } = await client.query<{ count: string }>('select count(*) from bench_products');
  const productCount = Number(rows[0]?.count ?? 0);
  if (productCount === 0) throw new Error('Generate the catalogue first.');
  await client.query(
    `insert into sales (business_id, payment_status, currency, total_cart_amount, amount_paid, deposit_amount,
                        customer_name, created_by, created_by_name, created_at, status)
     select $1,
            (array['paid', 'partial', 'not_paid'])[1 + i % 3],
            case when i % 10 = 0 then 'USD' else 'NGN' end,
            0, 0, 0,
            'Customer ' || (i::bigint * 7919) % 5000,
            $2, 'Bench Seller',
            now() - make_interval(secs => ($3 - i)::float8 / $3 * 365 * 86400),
            case when i % 50 = 0 then 'cancelled' else 'active' end
     from generate_series(1, $3) as i`,
    [businessId, userId, options.sales],
  );
  // The lines numbered in their sales' order, as the app numbers them (a sale's lines are written with it), so that
  // a line's id grows with its sale's time. Numbered in the join's order instead (a hash join's, here), a walk of a
  // product's lines newest id first met the sales of any day at random: the report bench's past month named its
  // best sellers far faster than a shop's own history lets them be found (modules/reports/sale-figures.ts).
  await client.query(
    `insert into sale_lines (business_id, sale_id, product_id, product_name, sku, quantity, unit_price, cost_price, line_total)
     select s.business_id, s.id, p.id, p.product_name, p.sku, 1 + (s.id + n) % 5, p.selling_price, p.cost_price,
            p.selling_price * (1 + (s.id + n) % 5)
     from sales s
     cross join lateral generate_series(1, 1 + s.id % 4) as n
     join bench_products p on p.rn = 1 + (s.id * 7 + n * 13) % $2
     where s.business_id = $1
     order by s.id, n`,
    [businessId, productCount],
  );
  await client.query('analyze sales, sale_lines');
  await client.query(
    `update sales s
     set total_cart_amount = t.total,
         amount_paid = case s.payment_status when 'paid' then t.total when 'partial' then round(t.total / 3, 2) else 0 end,
         deposit_amount = case s.payment_status when 'paid' then t.total when 'partial' then round(t.total / 3, 2) else 0 end
     from (select sale_id, sum(line_total) as total from sale_lines where business_id = $1 group by sale_id) t
     where s.business_id = $1 and s.id = t.sale_id`,
    [businessId],
  );
  await client.query(
    `insert into payments (business_id, sale_id, amount, method, recorded_by, created_at)
     select business_id, id, amount_paid, 'cash', created_by, created_at
     from sales where business_id = $1 and amount_paid > 0`,
    [businessId],
  );
  await client.query(
    `insert into expenses (business_id, amount, currency, category, description, date, created_by, created_by_name, created_at)
     select $1, (100 + (i * 37) % 50000)::numeric(14, 2),
            case when i % 20 = 0 then 'USD' else 'NGN' end,
            (array['rent', 'salaries', 'transport', 'utilities', 'stock purchase', 'repairs', 'other'])[1 + i % 7],
            'Bench expense ' || i,
            (now() at time zone 'Africa/Lagos')::date - (i % 365),
            $2, 'Bench Owner', now() - make_interval(days => i % 365)
     from generate_series(1, $3) as i`,
    [businessId, userId, options.expenses],
  );
  await client.query('commit');
  await client.query('vacuum analyze sales, sale_lines, payments, expenses');
  await client.query('reset statement_timeout');
}
