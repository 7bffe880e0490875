import {
  addQuantities,
  type Currency,
  ENDPOINTS,
  fromKobo,
  lineTotalKobo,
  PAYMENT_METHODS,
  type PaymentMethod,
  type PaymentStatus,
  priceLine,
  returnedValueKobo,
  toKobo,
} from '@oja/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expenses,
  payments,
  product_batches,
  products,
  refunds,
  sale_lines,
  sale_returns,
  sales,
} from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import {
  addMember,
  type Caller,
  confirm,
  createCart,
  createProduct,
  lagosDay,
  memberLoggedIn,
  signUpCeo,
} from '../factories';
import { type ApiClient, apiClient } from '../http';
import { seeded } from '../seeded';

let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
});
afterAll(() => t.close());

const noonOf = (day: number) => new Date(`${lagosDay(day)}T12:00:00+01:00`);

type Line = {
  productId: number;
  name: string;
  quantity: number;
  unitPrice: string;
  discount: string;
  cost: string;
  total: bigint;
};
type GeneratedSale = {
  day: number;
  currency: Currency;
  lines: Line[];
  total: bigint;
  payments: { day: number; amount: bigint; method?: PaymentMethod }[];
  isCancelled: boolean;
  customer: string;
  /** Partial returns through the API, then moved to their day (ADR 0027). */
  returns?: GeneratedReturn[];
};
type GeneratedReturn = {
  day: number;
  lineIndex: number;
  units: number;
  value: bigint;
  cost: bigint;
  refund: bigint;
  method: PaymentMethod;
  restock: boolean;
};
type GeneratedExpense = { day: number; currency: Currency; amount: bigint };

/** A sale in naira of one unit of a product at 100.00 (cost 60.00) at noon of `day`, its line named `lineName`. */
function oneUnitSale(
  productId: number,
  day: number,
  lineName: string,
  { paid = false, cancelled = false }: { paid?: boolean; cancelled?: boolean } = {},
): GeneratedSale {
  return {
    day,
    currency: 'NGN',
    lines: [
      { productId, name: lineName, quantity: 1, unitPrice: '100.00', discount: '0', cost: '60.00', total: 10_000n },
    ],
    total: 10_000n,
    payments: paid ? [{ day, amount: 10_000n }] : [],
    isCancelled: cancelled,
    customer: 'Walk-in',
  };
}

/** Writes a sale as a confirmed sale (and its later payments, and perhaps its cancellation) would leave it. */
async function writeSale(
  businessId: number,
  seller: { id: number; name: string },
  sale: GeneratedSale,
): Promise<number> {
  const paid = sale.payments.reduce((sum, payment) => sum + payment.amount, 0n);
  const status: PaymentStatus = paid === sale.total ? 'paid' : paid === 0n ? 'not_paid' : 'partial';
  const [row] = await t.db
    .insert(sales)
    .values({
      business_id: businessId,
      payment_status: status,
      currency: sale.currency,
      total_cart_amount: fromKobo(sale.total),
      amount_paid: fromKobo(paid),
      deposit_amount: fromKobo(sale.payments[0]?.amount ?? 0n),
      customer_name: sale.customer,
      created_by: seller.id,
      created_by_name: seller.name,
      created_at: noonOf(sale.day),
      status: sale.isCancelled ? 'cancelled' : 'active',
    })
    .returning({ id: sales.id });
  if (!row) throw new Error('No sale.');
  await t.db.insert(sale_lines).values(
    sale.lines.map((line) => ({
      business_id: businessId,
      sale_id: row.id,
      product_id: line.productId,
      product_name: line.name,
      sku: 'SKU',
      quantity: line.quantity,
      unit_price: line.unitPrice,
      discount_percentage: line.discount,
      cost_price: line.cost,
      line_total: fromKobo(line.total),
    })),
  );
  for (const payment of sale.payments)
    await t.db.insert(payments).values({
      business_id: businessId,
      sale_id: row.id,
      amount: fromKobo(payment.amount),
      method: payment.method ?? 'cash',
      created_at: noonOf(payment.day),
    });
  return row.id;
}

/** Sales over the last 25 days in two currencies: partial payments, discounts, later payments, cancels. */
function generateSales(
  seed: number,
  catalogue: Record<Currency, { id: number; name: string; price: string; cost: string }[]>,
): GeneratedSale[] {
  const r = seeded(seed);
  const list: GeneratedSale[] = [];
  for (let index = 0; index < 60; index++) {
    const currency: Currency = r.next() < 0.7 || catalogue.USD.length === 0 ? 'NGN' : 'USD';
    const day = -r.int(0, 25);
    const lines: Line[] = [];
    for (let count = r.int(1, 3); count > 0; count--) {
      const product = r.pick(catalogue[currency] ?? []);
      // Every fourth line weighed: 1.125 to 5.875 (by the line's place, not drawn, so the draws stay as they were).
      const isWeighed = (index + count) % 4 === 0;
      const quantity = r.int(1, 5) + (isWeighed ? 0.125 * ((index % 7) + 1) : 0);
      const discount = r.pick(['0', '5', '12.5', '33.33']);
      const isWholesale = r.next() < 0.2;
      const price = priceLine(
        {
          selling_price: product.price,
          selling_price_discount_percentage: discount,
          wholesale_price: isWholesale ? fromKobo((toKobo(product.price) * 9n) / 10n) : null,
          wholesale_price_discount_percentage: '0',
        },
        { quantity, pricing_strategy: isWholesale ? 'wholesale' : 'retail', apply_discount: true },
      );
      lines.push({
        productId: product.id,
        name: product.name,
        quantity,
        unitPrice: price.unit_price,
        discount: price.discount_percentage,
        cost: product.cost,
        total: toKobo(price.line_total),
      });
    }
    const total = lines.reduce((sum, line) => sum + line.total, 0n);
    const kind = r.pick(['paid', 'partial', 'not_paid'] as const);
    const salePayments: GeneratedSale['payments'] = [];
    // Each way of paying in turn (not drawn from the seed, so the sales drawn stay the ones they were).
    const method = (offset: number) => PAYMENT_METHODS[(index + offset) % PAYMENT_METHODS.length];
    if (kind === 'paid') salePayments.push({ day, amount: total, method: method(0) });
    if (kind === 'partial') salePayments.push({ day, amount: total / 3n + 1n, method: method(0) });
    if (kind !== 'paid' && r.next() < 0.5 && day < -1) {
      const already = salePayments.reduce((sum, payment) => sum + payment.amount, 0n);
      salePayments.push({
        day: Math.min(-1, day + r.int(1, 12)),
        amount: (total - already) / 2n + 1n,
        method: method(1),
      });
    }
    list.push({
      day,
      currency,
      lines,
      total,
      payments: salePayments,
      isCancelled: r.next() < 0.1,
      customer: r.pick(['Bola', 'Chika', 'Emeka', 'bola', 'Walk-in']),
    });
  }
  return list;
}

/**
 * Returns of some units of some counted sales, each on a day from its sale's to today, taken through the API and
 * moved to that day: a refund between what the sale's value left unpaid and what was paid, by a method drawn.
 */
async function returnSome(
  seed: number,
  by: Caller,
  saleIds: Map<GeneratedSale, number>,
  generated: GeneratedSale[],
): Promise<void> {
  const r = seeded(seed);
  for (const sale of generated) {
    if (sale.isCancelled || r.next() > 0.35) continue;
    const saleId = saleIds.get(sale);
    if (saleId === undefined) throw new Error('Sale not written.');
    const lineIds = await t.db
      .select({ id: sale_lines.id })
      .from(sale_lines)
      .where(and(eq(sale_lines.business_id, by.businessId), eq(sale_lines.sale_id, saleId)))
      .orderBy(asc(sale_lines.id));
    sale.returns = [];
    for (let count = r.int(1, 2); count > 0; count--) {
      const lineIndex = r.int(0, sale.lines.length - 1);
      const line = sale.lines[lineIndex];
      const lineId = lineIds[lineIndex]?.id;
      if (!line || lineId === undefined) throw new Error('No line.');
      const already = sale.returns
        .filter((given) => given.lineIndex === lineIndex)
        .reduce((sum, given) => sum + given.units, 0);
      // Whole units back, of a weighed line too (the products are counted in pieces: a fraction back is refused).
      const left = Math.floor(line.quantity - already);
      if (left < 1) continue;
      const units = r.int(1, left);
      const value = returnedValueKobo({ line_total: fromKobo(line.total), quantity: line.quantity }, units);
      const returnedValue = sale.returns.reduce((sum, given) => sum + given.value, 0n);
      const refunded = sale.returns.reduce((sum, given) => sum + given.refund, 0n);
      const paid = sale.payments.reduce((sum, payment) => sum + payment.amount, 0n) - refunded;
      const owed = sale.total - returnedValue - paid;
      const least = value > owed ? value - owed : 0n;
      const most = value < paid ? value : paid;
      const refund = least + ((most - least) * BigInt(r.int(0, 2))) / 2n;
      const given: GeneratedReturn = {
        day: Math.min(0, sale.day + r.int(0, 6)),
        lineIndex,
        units,
        value,
        cost: toKobo(line.cost) * BigInt(units),
        refund,
        method: r.pick(PAYMENT_METHODS),
        restock: r.next() < 0.7,
      };
      const answer = await api.call(
        ENDPOINTS.sales.returnSale,
        {
          business_id: by.businessId,
          id: saleId,
          reason: 'Returned',
          lines: [{ sale_line_id: lineId, quantity: units }],
          restock: given.restock,
          refunds: refund > 0n ? [{ method: given.method, amount: fromKobo(refund) }] : [],
        },
        { token: by.token },
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const latest = answer.data.sale.returns.at(-1);
      if (!latest) throw new Error('No return.');
      const at = noonOf(given.day);
      await t.db
        .update(sale_returns)
        .set({ created_at: at })
        .where(and(eq(sale_returns.business_id, by.businessId), eq(sale_returns.id, latest.id)));
      await t.db
        .update(refunds)
        .set({ created_at: at })
        .where(and(eq(refunds.business_id, by.businessId), eq(refunds.return_id, latest.id)));
      sale.returns.push(given);
    }
  }
}

/**
 * The best sellers of `counted` sales (every line, not only a sale's first), per product and currency: by units
 * then revenue, and by revenue then units, the product id last, as [product, units, currency, revenue].
 */
function bestSellers(counted: GeneratedSale[]) {
  const sold = new Map<string, { id: number; currency: Currency; units: number; revenue: bigint }>();
  for (const sale of counted)
    for (const line of sale.lines) {
      const key = `${line.productId} ${sale.currency}`;
      const row = sold.get(key) ?? { id: line.productId, currency: sale.currency, units: 0, revenue: 0n };
      row.units = addQuantities(row.units, line.quantity);
      row.revenue += line.total;
      sold.set(key, row);
    }
  const rows = [...sold.values()];
  const compare = (a: bigint | number, b: bigint | number) => (a === b ? 0 : a > b ? -1 : 1);
  const listed = (order: (a: (typeof rows)[number], b: (typeof rows)[number]) => number) =>
    [...rows].sort(order).map((row) => [row.id, row.units, row.currency, fromKobo(row.revenue)]);
  return {
    byQuantity: listed((a, b) => compare(a.units, b.units) || compare(a.revenue, b.revenue) || a.id - b.id),
    byRevenue: listed((a, b) => compare(a.revenue, b.revenue) || compare(a.units, b.units) || a.id - b.id),
  };
}

const soldRow = (row: { product_id: number; quantity: number; currency: string; revenue: string }) => [
  row.product_id,
  row.quantity,
  row.currency,
  row.revenue,
];

/** The report of `by`'s business from `from` to `to` (Lagos days from today), which must answer 200. */
async function reportOf(by: Caller, from: number, to: number) {
  const answer = await api.call(
    ENDPOINTS.businesses.getReport,
    { business_id: by.businessId, from: lagosDay(from), to: lagosDay(to) },
    { token: by.token },
  );
  expect(answer.status).toBe(200);
  return answer.data;
}

/**
 * The keys of report_sale_days with counted sales whose last_line_id (the greatest over the key's slots) is below
 * the greatest id of their counted sales' lines (or, `exactly`, not equal to it), as [day, sold_by, payment
 * status, kept, recounted].
 */
async function lastLinesBelow(businessId: number, how: 'at least' | 'exactly') {
  const { rows } = await t.db.execute(sql`
    select d.day::text, d.sold_by::text, d.payment_status, d.kept::text, m.last::text as recounted
    from (
      select day, currency, sold_by, payment_status, max(last_line_id) as kept from report_sale_days
      where business_id = ${businessId} group by 1, 2, 3, 4 having sum(sales) <> 0
    ) d
    left join (
      select (s.created_at at time zone 'Africa/Lagos')::date as day, s.currency, coalesce(s.created_by, 0) as sold_by,
        s.payment_status, max(l.id) as last
      from sale_lines l join sales s on s.business_id = l.business_id and s.id = l.sale_id
      where l.business_id = ${businessId} and s.status = 'active'
      group by 1, 2, 3, 4
    ) m on m.day = d.day and m.currency = d.currency and m.sold_by = d.sold_by and m.payment_status = d.payment_status
    where ${how === 'exactly' ? sql`d.kept is distinct from m.last` : sql`not coalesce(d.kept >= m.last, false)`}
    order by 1, 2, 3`);
  return rows;
}

/**
 * The figures as the issue defines them, computed here in kobo from what was generated. A partial return counts on
 * its own day: its value off revenue, its units' cost off the cost of goods when they went back on the shelf, its
 * refund off what was collected (by its method); the period's sales owe what they owe now.
 */
function expected(generated: GeneratedSale[], spent: GeneratedExpense[], from: number, to: number) {
  const within = (day: number) => day >= from && day <= to;
  type Totals = {
    sales: number;
    revenue: bigint;
    cost: bigint;
    expenses: bigint;
    collected: bigint;
    outstanding: bigint;
  };
  const figures = new Map<Currency, Totals>();
  const byMethod = new Map<string, bigint>();
  const of = (currency: Currency) => {
    const found = figures.get(currency) ?? {
      sales: 0,
      revenue: 0n,
      cost: 0n,
      expenses: 0n,
      collected: 0n,
      outstanding: 0n,
    };
    figures.set(currency, found);
    return found;
  };
  const collect = (currency: Currency, method: PaymentMethod, amount: bigint) => {
    of(currency).collected += amount;
    const key = `${currency} ${method}`;
    byMethod.set(key, (byMethod.get(key) ?? 0n) + amount);
  };
  for (const sale of generated) {
    if (sale.isCancelled) continue;
    for (const payment of sale.payments) {
      if (within(payment.day)) collect(sale.currency, payment.method ?? 'cash', payment.amount);
    }
    const returns = sale.returns ?? [];
    for (const given of returns) {
      if (!within(given.day)) continue;
      const f = of(sale.currency);
      f.revenue -= given.value;
      if (given.restock) f.cost -= given.cost;
      if (given.refund > 0n) collect(sale.currency, given.method, -given.refund);
    }
    if (!within(sale.day)) continue;
    const f = of(sale.currency);
    f.sales += 1;
    f.revenue += sale.total;
    // Each line's cost rounded half up to the kobo, as every line's money is (ADR 0031).
    f.cost += sale.lines.reduce((sum, line) => sum + lineTotalKobo(toKobo(line.cost), line.quantity), 0n);
    const paid = sale.payments.reduce((sum, payment) => sum + payment.amount, 0n);
    const returned = returns.reduce((sum, given) => sum + given.value, 0n);
    const refunded = returns.reduce((sum, given) => sum + given.refund, 0n);
    f.outstanding += sale.total - returned - (paid - refunded);
  }
  for (const expense of spent) if (within(expense.day)) of(expense.currency).expenses += expense.amount;
  const list = (pick: (f: Totals) => bigint) =>
    Object.fromEntries([...figures].map(([currency, f]) => [currency, fromKobo(pick(f))]));
  return {
    total_revenue: Object.fromEntries(
      [...figures].filter(([, f]) => f.sales > 0 || f.revenue !== 0n).map(([c, f]) => [c, fromKobo(f.revenue)]),
    ),
    cost_of_goods_sold: list((f) => f.cost),
    gross_profit: list((f) => f.revenue - f.cost),
    expenses: list((f) => f.expenses),
    net_profit: list((f) => f.revenue - f.cost - f.expenses),
    collected: list((f) => f.collected),
    collected_by_method: Object.fromEntries([...byMethod].map(([key, amount]) => [key, fromKobo(amount)])),
    outstanding: list((f) => f.outstanding),
  };
}

const byCurrency = (amounts: { currency: string; amount: string }[]) =>
  Object.fromEntries(amounts.map((row) => [row.currency, row.amount]));

describe('GET /users/businesses/report/', () => {
  it('matches an independent computation over generated sales, payments, cancels, returns and expenses', async () => {
    const ceo = await signUpCeo(t);
    const seller = await addMember(t, ceo.businessId, { role: 'sales_person', first_name: 'Sade', last_name: 'Bello' });
    const make = async (by: Caller, name: string, currency: Currency, price: string, cost: string) => {
      const product = await createProduct(t, by, {
        product_name: name,
        currency,
        selling_price: price,
        cost_price: cost,
      });
      return { id: product.id, name, price, cost };
    };
    const rice = await make(ceo, 'Rice 50kg', 'NGN', '45000.00', '38000.50');
    const catalogue = {
      NGN: [
        rice,
        await make(ceo, 'Palm Oil', 'NGN', '1500.00', '1100.25'),
        await make(ceo, 'Salt', 'NGN', '0.30', '0.10'),
      ],
      USD: [await make(ceo, 'Perfume', 'USD', '25.50', '12.75'), await make(ceo, 'Watch', 'USD', '99.99', '60.00')],
      EUR: [],
      AED: [],
    };
    const generated = generateSales(12, catalogue);
    const saleIds = new Map<GeneratedSale, number>();
    for (const sale of generated)
      saleIds.set(sale, await writeSale(ceo.businessId, { id: seller.id, name: 'Sade Bello' }, sale));
    await returnSome(31, ceo, saleIds, generated);
    expect(generated.filter((sale) => (sale.returns?.length ?? 0) > 0).length).toBeGreaterThan(5);

    // The price and the cost of rice change after its sales: the report keeps what the lines snapshotted.
    const changed = await api.call(
      ENDPOINTS.stock.updateProduct,
      { id: rice.id, business_id: ceo.businessId, selling_price: '60000.00', cost_price: '55000.00' },
      { token: ceo.token },
    );
    expect(changed.status).toBe(200);

    const r = seeded(99);
    const spent: GeneratedExpense[] = [];
    for (let index = 0; index < 15; index++) {
      const expense = {
        day: -r.int(0, 40),
        currency: r.pick(['NGN', 'NGN', 'USD'] as const),
        amount: BigInt(r.int(1, 900_000)),
      };
      spent.push(expense);
      const answer = await api.call(
        ENDPOINTS.expenses.createExpense,
        {
          business_id: ceo.businessId,
          amount: fromKobo(expense.amount),
          currency: expense.currency,
          category: r.pick(['rent', 'transport', 'utilities']),
          date: lagosDay(expense.day),
        },
        { token: ceo.token },
      );
      expect(answer.status).toBe(201);
    }

    // Another business's sales and expenses count nowhere here.
    const other = await signUpCeo(t);
    const otherProduct = await make(other, 'Other', 'NGN', '10.00', '5.00');
    const strangers = generateSales(7, { NGN: [otherProduct], USD: [], EUR: [], AED: [] } as never);
    for (const sale of strangers.slice(0, 10))
      await writeSale(other.businessId, { id: other.user.id, name: 'Other' }, sale);
    await api.call(
      ENDPOINTS.expenses.createExpense,
      { business_id: other.businessId, amount: '777.00', category: 'rent', date: lagosDay(-2) },
      { token: other.token },
    );

    // The sales span days -25 to 0 (26 days). The best sellers of the last 30 days are read from
    // report_product_window, those of a period holding more than two thirds of the history as all time less the
    // days outside it, and any other period's from its own day rows (sale-figures.ts, productSourceOf): 15 and 17
    // days of the 26 from the period's rows, 18 and 19 from the complement.
    for (const [from, to] of [
      [-10, -1],
      [-29, 0],
      [-3, -3],
      [-24, 0],
      [-25, -2],
      [-15, -1],
      [-20, -4],
      [-18, -1],
      [-20, -2],
    ] as const) {
      const report = await reportOf(ceo, from, to);
      const want = expected(generated, spent, from, to);
      if (to - from > 5) expect(toKobo(want.cost_of_goods_sold.NGN ?? '0')).toBeGreaterThan(0n);
      expect(byCurrency(report.total_revenue), `revenue ${from}..${to}`).toEqual(want.total_revenue);
      expect(byCurrency(report.cost_of_goods_sold)).toEqual(want.cost_of_goods_sold);
      expect(byCurrency(report.gross_profit)).toEqual(want.gross_profit);
      expect(byCurrency(report.expenses)).toEqual(want.expenses);
      expect(byCurrency(report.net_profit)).toEqual(want.net_profit);
      expect(byCurrency(report.collected)).toEqual(want.collected);
      expect(
        Object.fromEntries(report.collected_by_method.map((row) => [`${row.currency} ${row.method}`, row.amount])),
        `by method ${from}..${to}`,
      ).toEqual(want.collected_by_method);
      expect(byCurrency(report.outstanding)).toEqual(want.outstanding);

      // Every day of the period is in the chart, and its days add up to the period.
      expect(report.daily).toHaveLength(to - from + 1);
      const dailyNet = new Map<string, bigint>();
      for (const day of report.daily)
        for (const figure of day.figures)
          dailyNet.set(figure.currency, (dailyNet.get(figure.currency) ?? 0n) + signedKobo(figure.net_profit));
      for (const [currency, amount] of Object.entries(want.net_profit))
        expect(fromSigned(dailyNet.get(currency as Currency) ?? 0n), `daily ${currency}`).toBe(amount);

      // Sales by payment status add up to the revenue, and units over every line are counted.
      const counted = generated.filter((sale) => !sale.isCancelled && sale.day >= from && sale.day <= to);
      expect(report.total_sales).toBe(counted.length);
      expect(report.sales_by_payment_status.reduce((sum, row) => sum + row.sales, 0)).toBe(counted.length);
      const riceUnits = counted
        .flatMap((sale) => sale.lines)
        .filter((line) => line.productId === rice.id)
        .reduce((sum, line) => addQuantities(sum, line.quantity), 0);
      const riceRow = report.top_products.find((row) => row.product_id === rice.id);
      expect(riceRow?.quantity ?? 0).toBe(riceUnits);
      const best = bestSellers(counted);
      expect(report.top_products.map(soldRow), `best sellers ${from}..${to}`).toEqual(best.byQuantity);
      expect(report.top_products_by_revenue.map(soldRow)).toEqual(best.byRevenue);
      expect(report.sales_by_employee.every((row) => row.name === 'Sade Bello')).toBe(true);
    }
  });

  it('lists top debtors, stock value, low stock, expiring and expired batches', async () => {
    const ceo = await signUpCeo(t);
    const beans = await createProduct(t, ceo, {
      product_name: 'Beans',
      cost_price: '10.00',
      selling_price: '15.00',
      reorder_level: 20,
      batches: [
        { quantity: 5, expiration_date: lagosDay(10), batch_number: 'SOON' },
        { quantity: 7, expiration_date: lagosDay(-2), batch_number: 'OLD' },
        { quantity: 3, expiration_date: lagosDay(60), batch_number: 'LATER' },
      ],
    });
    await createProduct(t, ceo, { product_name: 'Garri', reorder_level: 5, batches: [{ quantity: 50 }] });
    await t.db.update(product_batches).set({ cost_price: '12.00' }).where(eq(product_batches.batch_number, 'LATER'));
    await writeSale(
      ceo.businessId,
      { id: ceo.user.id, name: 'Ada' },
      {
        day: -1,
        currency: 'NGN',
        lines: [
          {
            productId: beans.id,
            name: 'Beans',
            quantity: 1,
            unitPrice: '500.00',
            discount: '0',
            cost: '10.00',
            total: 50_000n,
          },
        ],
        total: 50_000n,
        payments: [{ day: -1, amount: 10_000n }],
        isCancelled: false,
        customer: 'Musa',
      },
    );
    await writeSale(
      ceo.businessId,
      { id: ceo.user.id, name: 'Ada' },
      {
        day: -1,
        currency: 'NGN',
        lines: [
          {
            productId: beans.id,
            name: 'Beans',
            quantity: 1,
            unitPrice: '900.00',
            discount: '0',
            cost: '10.00',
            total: 90_000n,
          },
        ],
        total: 90_000n,
        payments: [],
        isCancelled: true,
        customer: 'Cancelled Carl',
      },
    );
    const report = await reportOf(ceo, -6, 0);
    expect(report.top_debtors).toEqual([
      { customer_id: null, customer_name: 'Musa', currency: 'NGN', total_owed: '400.00', open_sales: 1 },
    ]);
    // Unexpired: 5 × 10.00 + 3 × 12.00 at cost, 8 × 15.00 at retail; Garri 50 × 50.00 and 50 × 100.00.
    expect(report.stock_value).toEqual([
      { currency: 'NGN', units: 58, value_at_cost: '2586.00', value_at_retail: '5120.00' },
    ]);
    expect(report.low_stock).toEqual([
      { product_id: beans.id, product_name: 'Beans', sku: beans.sku, quantity_in_stock: 8, reorder_level: 20 },
    ]);
    expect(report.expiring).toEqual([
      expect.objectContaining({ product_id: beans.id, batch_number: 'SOON', quantity: 5, value_at_cost: '50.00' }),
    ]);
    expect(report.expired).toEqual([
      expect.objectContaining({ product_id: beans.id, batch_number: 'OLD', quantity: 7, value_at_cost: '70.00' }),
    ]);

    // The overview and the employee home show the same, employees without costs.
    const overview = await api.call(
      ENDPOINTS.businesses.getOverview,
      { business_id: ceo.businessId },
      { token: ceo.token },
    );
    expect(overview.data.attention.low_stock).toEqual(report.low_stock);
    expect(overview.data.attention.expired).toEqual(report.expired);
    expect(overview.data.attention.top_debtors).toEqual(report.top_debtors);
    const seller = await memberLoggedIn(t, ceo.businessId, 'sales_person');
    const home = await api.call(
      ENDPOINTS.businesses.getEmployeeFigures,
      { business_id: ceo.businessId },
      { token: seller.token },
    );
    expect(home.data.attention.expiring).toEqual([
      expect.objectContaining({ batch_number: 'SOON', value_at_cost: null }),
    ]);

    // The inventory's "Low stock" filter uses the same rule.
    const low = await api.call(
      ENDPOINTS.stock.listProducts,
      { business_id: ceo.businessId, stock: 'low_stock' },
      { token: ceo.token },
    );
    expect(low.data.results.map((product) => product.product_name)).toEqual(['Beans']);
    expect(low.data.results[0]?.reorder_level).toBe(20);
    const [row] = await t.db.select({ level: products.reorder_level }).from(products).where(eq(products.id, beans.id));
    expect(row?.level).toBe(20);
  });

  it('keeps its totals through back-dated updates, payments, cancels, a seller gone and a sale deleted', async () => {
    const ceo = await signUpCeo(t);
    const seller = await addMember(t, ceo.businessId, { role: 'sales_person', first_name: 'Tunde', last_name: 'Ade' });
    const make = async (name: string, currency: Currency, price: string, cost: string) => {
      const product = await createProduct(t, ceo, {
        product_name: name,
        currency,
        selling_price: price,
        cost_price: cost,
      });
      return { id: product.id, name, price, cost };
    };
    const catalogue = {
      NGN: [await make('Garri', 'NGN', '1200.00', '900.40'), await make('Beans', 'NGN', '800.00', '610.00')],
      USD: [await make('Shoes', 'USD', '40.00', '22.10')],
      EUR: [],
      AED: [],
    };
    const generated = generateSales(41, catalogue);
    const sellers = [
      { id: seller.id, name: 'Tunde Ade' },
      { id: ceo.user.id, name: 'Owner' },
    ];
    const ids: number[] = [];
    for (const [index, sale] of generated.entries())
      ids.push(await writeSale(ceo.businessId, sellers[index % 2] as { id: number; name: string }, sale));
    const idOf = (index: number) => ids[index] as number;
    const counted = (index: number) => !(generated[index] as GeneratedSale).isCancelled;

    // A seeder back-dates sales and their payments with UPDATEs: the totals follow them to their new days.
    const backDated = [0, 1, 2, 3, 4, 5, 6, 7].filter(counted);
    await t.db.execute(sql`update sales set created_at = created_at - interval '3 days'
      where business_id = ${ceo.businessId} and id in (${sql.join(backDated.map(idOf), sql`, `)})`);
    for (const index of backDated) (generated[index] as GeneratedSale).day -= 3;
    const firstPaid = backDated.find((index) => (generated[index] as GeneratedSale).payments.length > 0) as number;
    await t.db.execute(sql`update payments set created_at = created_at - interval '3 days'
      where business_id = ${ceo.businessId} and sale_id = ${idOf(firstPaid)}`);
    for (const payment of (generated[firstPaid] as GeneratedSale).payments) payment.day -= 3;

    // Cancels as the cancel use case leaves them, a payment through the API, a seller's account gone.
    const cancelled = [10, 11, 12, 13].filter(counted);
    await t.db.execute(sql`update sales set status = 'cancelled', cancelled_at = now(), cancel_reason = 'Test'
      where business_id = ${ceo.businessId} and id in (${sql.join(cancelled.map(idOf), sql`, `)})`);
    for (const index of cancelled) (generated[index] as GeneratedSale).isCancelled = true;
    const owing = generated.findIndex(
      (sale, index) => index > 20 && !sale.isCancelled && sale.payments.length === 0 && sale.total > 300n,
    );
    const payment = await api.call(
      ENDPOINTS.sales.recordPayment,
      { business_id: ceo.businessId, sale_id: idOf(owing), amount: '1.50', method: 'cash' },
      { token: ceo.token },
    );
    expect(payment.status).toBe(201);
    (generated[owing] as GeneratedSale).payments.push({ day: 0, amount: 150n });
    await t.db.execute(sql`update sales set created_by = null
      where business_id = ${ceo.businessId} and id in (${sql.join([30, 32, 34].map(idOf), sql`, `)})`);

    // Where the best sellers' names start their walk, as the triggers kept it (the deletion below recounts it):
    // at least every counted line's id of the row's key, through the back-dating, the cancels and the seller gone.
    expect(await lastLinesBelow(ceo.businessId, 'at least')).toEqual([]);

    // A sale deleted on its own (its lines and payments go by cascade): its business is recounted.
    await t.db.delete(sales).where(eq(sales.id, idOf(40)));
    generated.splice(40, 1);

    // A real sale through the API, then cancelled through the API: it counts nowhere.
    const stocked = await createProduct(t, ceo, {
      product_name: 'Yam',
      selling_price: '300.00',
      cost_price: '200.00',
      batches: [{ quantity: 10 }],
    });
    const cart = await createCart(t, ceo, [{ product_id: stocked.id, quantity: 2 }]);
    const sold = await confirm(t, ceo, cart.id, { payment_status: 'paid', payment_method: 'cash' });
    expect(sold.status).toBe(201);
    const cancel = await api.call(
      ENDPOINTS.sales.cancelSale,
      { business_id: ceo.businessId, id: sold.data.sale.id, reason: 'Returned', refund_amount: '600.00' },
      { token: ceo.token },
    );
    expect(cancel.status).toBe(200);

    // Expenses: one kept, one added then deleted, one moved to another day.
    const spent: GeneratedExpense[] = [{ day: -2, currency: 'NGN', amount: 123_456n }];
    const addExpense = (day: number, amount: string) =>
      api.call(
        ENDPOINTS.expenses.createExpense,
        { business_id: ceo.businessId, amount, category: 'rent', date: lagosDay(day) },
        { token: ceo.token },
      );
    expect((await addExpense(-2, '1234.56')).status).toBe(201);
    const dropped = await addExpense(-4, '99.00');
    expect(
      (await api.call(ENDPOINTS.expenses.deleteExpense, { id: dropped.data.expense.id }, { token: ceo.token })).status,
    ).toBe(200);
    const moved = await addExpense(-5, '10.00');
    await t.db
      .update(expenses)
      .set({ date: lagosDay(-1) })
      .where(eq(expenses.id, moved.data.expense.id));
    spent.push({ day: -1, currency: 'NGN', amount: 1_000n });

    const report = (from: number, to: number) => reportOf(ceo, from, to);
    for (const [from, to] of [
      [-29, 0],
      [-10, -2],
    ] as const) {
      const got = await report(from, to);
      const want = expected(generated, spent, from, to);
      expect(byCurrency(got.total_revenue), `revenue ${from}..${to}`).toEqual(want.total_revenue);
      expect(byCurrency(got.cost_of_goods_sold)).toEqual(want.cost_of_goods_sold);
      expect(byCurrency(got.expenses)).toEqual(want.expenses);
      expect(byCurrency(got.net_profit)).toEqual(want.net_profit);
      expect(byCurrency(got.collected)).toEqual(want.collected);
      expect(byCurrency(got.outstanding)).toEqual(want.outstanding);
      expect(got.total_sales).toBe(
        generated.filter((sale) => !sale.isCancelled && sale.day >= from && sale.day <= to).length,
      );
      expect(got.sales_by_employee.some((row) => row.user_id === null)).toBe(from === -29);
    }

    // What the triggers kept equals a recount from scratch, row for row, and so does every answer.
    const totals = async () => {
      const { rows } = await t.db.execute(sql`
        -- The per-day totals are spread over slots (a row per writing connection): summed per key.
        select 'sale' as t, day::text, currency, sold_by::text as who, payment_status as k, sum(sales)::text as n,
          round(sum(revenue), 2)::text as a, round(sum(paid), 2)::text as b, round(sum(cost), 2)::text as c
        from report_sale_days where business_id = ${ceo.businessId}
        group by day, currency, sold_by, payment_status having sum(sales) <> 0
        union all
        select 'product', day::text, currency, sold_by::text, product_id::text, lines::text, units::text,
          round(revenue, 2)::text, null from report_product_days where business_id = ${ceo.businessId} and lines <> 0
        union all
        select 'all-time', null, currency, sold_by::text, product_id::text, lines::text, units::text,
          round(revenue, 2)::text, null from report_products where business_id = ${ceo.businessId} and lines <> 0
        union all
        select 'product-total', null, currency, null, product_id::text, lines::text, units::text,
          round(revenue, 2)::text, null from report_product_totals where business_id = ${ceo.businessId} and lines <> 0
        union all
        select 'payment', day::text, currency, sold_by::text, null, sum(payments)::text, round(sum(amount), 2)::text,
          null, null
        from report_payment_days where business_id = ${ceo.businessId}
        group by day, currency, sold_by having sum(payments) <> 0
        union all
        select 'expense', day::text, currency, category, null, expenses::text, round(amount, 2)::text, null, null
        from report_expense_days where business_id = ${ceo.businessId} and expenses <> 0
        union all
        select 'debtor', null, currency, customer_id::text, name_key, open_sales::text, round(owed, 2)::text, null, null
        from report_debtors where business_id = ${ceo.businessId} and open_sales <> 0
        order by 1, 2, 3, 4, 5`);
      return rows;
    };
    const kept = await totals();
    expect(kept.length).toBeGreaterThan(50);
    // The per-product totals (kept by triggers on report_products) are report_products summed over sellers.
    const productTotals = (rows: Record<string, unknown>[]) => rows.filter((row) => row.t === 'product-total');
    const { rows: summed } = await t.db.execute(sql`
      select 'product-total' as t, null as day, currency, null as who, product_id::text as k, sum(lines)::text as n,
        sum(units)::text as a, round(sum(revenue), 2)::text as b, null as c
      from report_products where business_id = ${ceo.businessId}
      group by currency, product_id having sum(lines) <> 0
      order by currency, product_id::text`);
    expect(productTotals(kept).length).toBeGreaterThan(0);
    expect(productTotals(kept)).toEqual(summed);
    const answers = [await report(-29, 0), await report(-6, -1)];
    // Every table has rows, so that "the same after a recount" compares something.
    for (const list of ['top_products', 'top_products_by_revenue', 'sales_by_employee', 'top_debtors'] as const)
      expect(answers[0]?.[list].length, list).toBeGreaterThan(0);
    const overview = await api.call(
      ENDPOINTS.businesses.getOverview,
      { business_id: ceo.businessId },
      { token: ceo.token },
    );
    await t.db.execute(sql`select report_totals_rebuild(array[${ceo.businessId}]::bigint[])`);
    expect(await totals()).toEqual(kept);
    // The recount's: exactly the greatest.
    expect(await lastLinesBelow(ceo.businessId, 'exactly')).toEqual([]);
    expect([await report(-29, 0), await report(-6, -1)]).toEqual(answers);
    const recounted = await api.call(
      ENDPOINTS.businesses.getOverview,
      { business_id: ceo.businessId },
      { token: ceo.token },
    );
    expect(recounted.data).toEqual(overview.data);
  });

  it('names each seller as in their latest counted sale of the period, however far back the period', async () => {
    const ceo = await signUpCeo(t);
    const seller = await addMember(t, ceo.businessId, { role: 'sales_person', first_name: 'Sade', last_name: 'Bello' });
    const soap = await createProduct(t, ceo, { product_name: 'Soap', selling_price: '100.00', cost_price: '60.00' });
    /** A sale of one soap at noon of `day` (then moved `hours` later), paid, its seller named `name`. */
    const sell = async (day: number, name: string, options: { hours?: number; cancelled?: boolean } = {}) => {
      const id = await writeSale(
        ceo.businessId,
        { id: seller.id, name },
        oneUnitSale(soap.id, day, 'Soap', { paid: true, cancelled: options.cancelled }),
      );
      if (options.hours)
        await t.db
          .update(sales)
          .set({ created_at: new Date(noonOf(day).getTime() + options.hours * 3_600_000) })
          .where(eq(sales.id, id));
      return id;
    };
    await sell(-10, 'Sade Bello');
    await sell(-5, 'Sade Okoro');
    // Later the same day, but cancelled: it counts in no figure, so it names no one.
    await sell(-5, 'Sade Cancelled', { hours: 2, cancelled: true });
    await sell(-1, 'Sade Adeyemi');
    // Entered last (the highest id), for a day before the others': latest by its time, not by its id.
    await sell(-7, 'Sade Late-Entry');
    // A clerk whose account is gone (created_by null) is one row, named as in their latest sale too.
    for (const [day, name] of [
      [-9, 'Former Clerk'],
      [-6, 'Former Clerk Renamed'],
    ] as const) {
      const id = await sell(day, name);
      await t.db.update(sales).set({ created_by: null }).where(eq(sales.id, id));
    }

    const names = async (from: number, to: number) =>
      (await reportOf(ceo, from, to)).sales_by_employee.map((row) => [row.user_id, row.name, row.sales]);
    expect(await names(-29, 0)).toEqual([
      [seller.id, 'Sade Adeyemi', 4],
      [null, 'Former Clerk Renamed', 2],
    ]);
    expect(await names(-12, -4)).toEqual([
      [seller.id, 'Sade Okoro', 3],
      [null, 'Former Clerk Renamed', 2],
    ]);
    // As much sold each: by name.
    expect(await names(-12, -8)).toEqual([
      [null, 'Former Clerk', 1],
      [seller.id, 'Sade Bello', 1],
    ]);
    expect(await names(-8, -6)).toEqual([
      [null, 'Former Clerk Renamed', 1],
      [seller.id, 'Sade Late-Entry', 1],
    ]);
  });

  it('names each best seller as in its latest counted line of the period, however far back the period', async () => {
    const ceo = await signUpCeo(t);
    const soap = await createProduct(t, ceo, { product_name: 'Soap', selling_price: '100.00', cost_price: '60.00' });
    /** A sale of one soap at noon of `day`, unpaid, its line named `name` (as the product was named then). */
    const sell = (day: number, name: string) =>
      writeSale(ceo.businessId, { id: ceo.user.id, name: 'Owner' }, oneUnitSale(soap.id, day, name));
    await sell(-20, 'Soap, old wrapper');
    await sell(-12, 'Soap 1');
    await sell(-8, 'Soap 2');
    // Later the same day, then cancelled: it counts in no figure, so it names nothing.
    const cancelled = await sell(-8, 'Soap 2, cancelled');
    await t.db.update(sales).set({ status: 'cancelled', cancelled_at: new Date() }).where(eq(sales.id, cancelled));
    // Sold yesterday (a higher id than every line before it), then moved back to a day that already had a line.
    const moved = await sell(-1, 'Soap, moved back');
    await t.db
      .update(sales)
      .set({ created_at: noonOf(-12) })
      .where(eq(sales.id, moved));
    // Sold since: the walk from the newest line passes these for every period before today.
    for (const n of [1, 2, 3]) await sell(0, `Soap today ${n}`);

    const names = async (from: number, to: number) => {
      const report = await reportOf(ceo, from, to);
      const byRevenue = report.top_products_by_revenue.map((row) => [row.product_name, row.quantity]);
      const byQuantity = report.top_products.map((row) => [row.product_name, row.quantity]);
      expect(byRevenue).toEqual(byQuantity);
      return byQuantity;
    };
    expect(await names(-29, 0)).toEqual([['Soap today 3', 7]]);
    expect(await names(-10, -5)).toEqual([['Soap 2', 1]]);
    expect(await names(-14, -10)).toEqual([['Soap, moved back', 2]]);
    expect(await names(-25, -15)).toEqual([['Soap, old wrapper', 1]]);
    expect(await names(-12, -12)).toEqual([['Soap, moved back', 2]]);
  });

  it('is for the CEO: 403 to a manager, 404 to another owner', async () => {
    const ceo = await signUpCeo(t);
    const stranger = await signUpCeo(t);
    const manager = await memberLoggedIn(t, ceo.businessId, 'manager');
    const query = { business_id: ceo.businessId, from: lagosDay(-6), to: lagosDay(0) };
    expect((await api.call(ENDPOINTS.businesses.getReport, query, { token: manager.token })).status).toBe(403);
    expect((await api.call(ENDPOINTS.businesses.getReport, query, { token: stranger.token })).status).toBe(404);
  });
});

function signedKobo(amount: string): bigint {
  return amount.startsWith('-') ? -toKobo(amount.slice(1)) : toKobo(amount);
}
function fromSigned(kobo: bigint): string {
  return fromKobo(kobo);
}
