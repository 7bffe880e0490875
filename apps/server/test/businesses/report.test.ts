import { type Currency, ENDPOINTS, fromKobo, type PaymentStatus, priceLine, toKobo } from '@oja/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, product_batches, products, sale_lines, sales } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { addMember, type Caller, createProduct, lagosDay, memberLoggedIn, signUpCeo } from '../factories';
import { type ApiClient, apiClient } from '../http';

let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
});
afterAll(() => t.close());

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T,
  };
}

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
  payments: { day: number; amount: bigint }[];
  isCancelled: boolean;
  customer: string;
};
type GeneratedExpense = { day: number; currency: Currency; amount: bigint };

/** Writes a sale as a confirmed sale (and its later payments, and perhaps its cancellation) would leave it. */
async function writeSale(businessId: number, seller: { id: number; name: string }, sale: GeneratedSale) {
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
      method: 'cash',
      created_at: noonOf(payment.day),
    });
}

/** Sales over the last 25 days in two currencies: partial payments, discounts, later payments, cancels. */
function generateSales(
  seed: number,
  catalogue: Record<Currency, { id: number; name: string; price: string; cost: string }[]>,
): GeneratedSale[] {
  const r = random(seed);
  const list: GeneratedSale[] = [];
  for (let index = 0; index < 60; index++) {
    const currency: Currency = r.next() < 0.7 || catalogue.USD.length === 0 ? 'NGN' : 'USD';
    const day = -r.int(0, 25);
    const lines: Line[] = [];
    for (let count = r.int(1, 3); count > 0; count--) {
      const product = r.pick(catalogue[currency] ?? []);
      const quantity = r.int(1, 5);
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
    const salePayments: { day: number; amount: bigint }[] = [];
    if (kind === 'paid') salePayments.push({ day, amount: total });
    if (kind === 'partial') salePayments.push({ day, amount: total / 3n + 1n });
    if (kind !== 'paid' && r.next() < 0.5 && day < -1) {
      const already = salePayments.reduce((sum, payment) => sum + payment.amount, 0n);
      salePayments.push({ day: Math.min(-1, day + r.int(1, 12)), amount: (total - already) / 2n + 1n });
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

/** The figures as the issue defines them, computed here in kobo from what was generated. */
function expected(generated: GeneratedSale[], spent: GeneratedExpense[], from: number, to: number) {
  const within = (day: number) => day >= from && day <= to;
  type Totals = { revenue: bigint; cost: bigint; expenses: bigint; collected: bigint; outstanding: bigint };
  const figures = new Map<Currency, Totals>();
  const of = (currency: Currency) => {
    const found = figures.get(currency) ?? { revenue: 0n, cost: 0n, expenses: 0n, collected: 0n, outstanding: 0n };
    figures.set(currency, found);
    return found;
  };
  for (const sale of generated) {
    if (sale.isCancelled) continue;
    for (const payment of sale.payments) if (within(payment.day)) of(sale.currency).collected += payment.amount;
    if (!within(sale.day)) continue;
    const f = of(sale.currency);
    f.revenue += sale.total;
    f.cost += sale.lines.reduce((sum, line) => sum + toKobo(line.cost) * BigInt(line.quantity), 0n);
    f.outstanding += sale.total - sale.payments.reduce((sum, payment) => sum + payment.amount, 0n);
  }
  for (const expense of spent) if (within(expense.day)) of(expense.currency).expenses += expense.amount;
  const list = (pick: (f: Totals) => bigint) =>
    Object.fromEntries([...figures].map(([currency, f]) => [currency, fromKobo(pick(f))]));
  return {
    total_revenue: Object.fromEntries(
      [...figures].filter(([, f]) => f.revenue > 0n).map(([c, f]) => [c, fromKobo(f.revenue)]),
    ),
    cost_of_goods_sold: list((f) => f.cost),
    gross_profit: list((f) => f.revenue - f.cost),
    expenses: list((f) => f.expenses),
    net_profit: list((f) => f.revenue - f.cost - f.expenses),
    collected: list((f) => f.collected),
    outstanding: list((f) => f.outstanding),
  };
}

const byCurrency = (amounts: { currency: string; amount: string }[]) =>
  Object.fromEntries(amounts.map((row) => [row.currency, row.amount]));

describe('GET /users/businesses/report/', () => {
  it('matches an independent computation over generated sales, payments, cancels and expenses', async () => {
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
    for (const sale of generated) await writeSale(ceo.businessId, { id: seller.id, name: 'Sade Bello' }, sale);

    // The price and the cost of rice change after its sales: the report keeps what the lines snapshotted.
    const changed = await api.call(
      ENDPOINTS.stock.updateProduct,
      { id: rice.id, business_id: ceo.businessId, selling_price: '60000.00', cost_price: '55000.00' },
      { token: ceo.token },
    );
    expect(changed.status).toBe(200);

    const r = random(99);
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

    for (const [from, to] of [
      [-10, -1],
      [-29, 0],
      [-3, -3],
    ] as const) {
      const answer = await api.call(
        ENDPOINTS.businesses.getReport,
        { business_id: ceo.businessId, from: lagosDay(from), to: lagosDay(to) },
        { token: ceo.token },
      );
      expect(answer.status).toBe(200);
      const report = answer.data;
      const want = expected(generated, spent, from, to);
      if (to - from > 5) expect(toKobo(want.cost_of_goods_sold.NGN ?? '0')).toBeGreaterThan(0n);
      expect(byCurrency(report.total_revenue), `revenue ${from}..${to}`).toEqual(want.total_revenue);
      expect(byCurrency(report.cost_of_goods_sold)).toEqual(want.cost_of_goods_sold);
      expect(byCurrency(report.gross_profit)).toEqual(want.gross_profit);
      expect(byCurrency(report.expenses)).toEqual(want.expenses);
      expect(byCurrency(report.net_profit)).toEqual(want.net_profit);
      expect(byCurrency(report.collected)).toEqual(want.collected);
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
        .reduce((sum, line) => sum + line.quantity, 0);
      const riceRow = report.top_products.find((row) => row.product_id === rice.id);
      expect(riceRow?.quantity ?? 0).toBe(riceUnits);
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
    const answer = await api.call(
      ENDPOINTS.businesses.getReport,
      { business_id: ceo.businessId, from: lagosDay(-6), to: lagosDay(0) },
      { token: ceo.token },
    );
    expect(answer.status).toBe(200);
    const report = answer.data;
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
