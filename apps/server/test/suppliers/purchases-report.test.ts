import { ENDPOINTS, PAYMENT_METHODS, type PaymentMethod } from '@oja/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deliveries, supplier_payments } from '../../src/db/schema';
import { type Caller, createProduct, lagosDay, signUpCeo } from '../factories';
import { seeded } from '../seeded';
import { useShop } from '../shop';

const shop = useShop();

/** Kobo as the API writes money: "-1234.05". Written here so the expectation shares no formatting with the server. */
function naira(kobo: bigint): string {
  const sign = kobo < 0n ? '-' : '';
  const size = kobo < 0n ? -kobo : kobo;
  return `${sign}${size / 100n}.${String(size % 100n).padStart(2, '0')}`;
}

/** A line's cost: quantity (to the gram, as milli-units) × unit cost in kobo, rounded half up to the kobo. */
function lineKobo(unitKobo: bigint, quantity: number): bigint {
  const milli = BigInt(Math.round(quantity * 1000));
  return (unitKobo * milli + 500n) / 1000n;
}

/**
 * Times of a Lagos day a delivery or a payment is moved to: its first and last instants (a period's edges) and
 * some hours between.
 */
const TIMES = ['00:00:00.000', '23:59:59.999', '07:15:00', '12:00:00', '18:45:30'] as const;
const momentOf = (day: number, time: string) => new Date(`${lagosDay(day)}T${time}+01:00`);

type Supplier = { id: number; name: string };
type GeneratedDelivery = { supplier: Supplier; day: number; time: string; total: bigint; paid: bigint };
type GeneratedPayment = {
  id: number;
  supplier: Supplier;
  day: number;
  time: string;
  amount: bigint;
  method: PaymentMethod;
  deleted: boolean;
};

type Event =
  | { kind: 'delivery'; day: number; time: string; order: number }
  | { kind: 'payment'; day: number; time: string; order: number };

/**
 * The purchases of `from`..`to` (Lagos days) as the rule defines them, from what was generated: per supplier, the
 * deliveries received in the period and their cost, what was paid them in it (payments as corrected, deleted ones
 * not at all), and what was owed at its end (every delivery up to its last day less every payment up to it). A
 * supplier is listed when something moved or something was owed; most owed first, then by name.
 */
function expected(
  suppliers: Supplier[],
  delivered: GeneratedDelivery[],
  paid: GeneratedPayment[],
  from: number,
  to: number,
) {
  const rows = suppliers
    .map((supplier) => {
      let count = 0;
      let purchased = 0n;
      let paidIn = 0n;
      let owed = 0n;
      for (const delivery of delivered) {
        if (delivery.supplier.id !== supplier.id || delivery.day > to) continue;
        owed += delivery.total;
        if (delivery.day >= from) {
          count += 1;
          purchased += delivery.total;
        }
      }
      for (const payment of paid) {
        if (payment.deleted || payment.supplier.id !== supplier.id || payment.day > to) continue;
        owed -= payment.amount;
        if (payment.day >= from) paidIn += payment.amount;
      }
      return { supplier, count, purchased, paid: paidIn, owed };
    })
    .filter((row) => row.count > 0 || row.paid > 0n || row.owed !== 0n)
    .sort(
      (a, b) =>
        (a.owed === b.owed ? 0 : a.owed > b.owed ? -1 : 1) ||
        a.supplier.name.toLowerCase().localeCompare(b.supplier.name.toLowerCase()) ||
        a.supplier.id - b.supplier.id,
    );
  const sum = (pick: (row: (typeof rows)[number]) => bigint) => rows.reduce((total, row) => total + pick(row), 0n);
  return {
    rows: rows.map((row) => ({
      supplier_id: row.supplier.id,
      supplier_name: row.supplier.name,
      deliveries: row.count,
      purchased: naira(row.purchased),
      paid: naira(row.paid),
      owed: naira(row.owed),
    })),
    totals: {
      deliveries: rows.reduce((total, row) => total + row.count, 0),
      purchased: naira(sum((row) => row.purchased)),
      paid: naira(sum((row) => row.paid)),
      owed: naira(sum((row) => row.owed)),
    },
  };
}

async function addSupplier(by: Caller, name: string): Promise<Supplier> {
  const answer = await shop.api.call(
    ENDPOINTS.suppliers.createSupplier,
    { business_id: by.businessId, name },
    { token: by.token },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: answer.data.supplier.id, name };
}

describe('GET purchases report', () => {
  it('matches an independent computation over generated deliveries, payments, corrections and deletions', async () => {
    const ceo = await signUpCeo(shop.t);
    const rice = await createProduct(shop.t, ceo, {
      product_name: 'Rice by the kg',
      is_weighed: true,
      cost_price: '900.00',
      selling_price: '1200.00',
    });
    const sugar = await createProduct(shop.t, ceo, { product_name: 'Sugar 1kg' });
    const oil = await createProduct(shop.t, ceo, { product_name: 'Palm Oil 5L' });
    const products = [
      { id: rice.id, weighed: true },
      { id: sugar.id, weighed: false },
      { id: oil.id, weighed: false },
    ];
    // "bua Foods" in lower case sorts among the others by name whatever its case; Quiet Trader never trades.
    const suppliers = [
      await addSupplier(ceo, 'Dangote Depot'),
      await addSupplier(ceo, 'bua Foods'),
      await addSupplier(ceo, 'Flour Mills'),
      await addSupplier(ceo, 'Zenith Oils'),
      await addSupplier(ceo, 'Quiet Trader'),
    ];
    const trading = suppliers.slice(0, 4);

    const r = seeded(54);
    // Deliveries and payments on days -60 to 0, applied in the order of their moments so that every payment meets
    // the balance it would have met on its day (a payment above what is owed is refused).
    const events: Event[] = [];
    for (let index = 0; index < 30; index++)
      events.push({ kind: 'delivery', day: -r.int(0, 60), time: r.pick(TIMES), order: index });
    for (let index = 0; index < 30; index++)
      events.push({ kind: 'payment', day: -r.int(0, 60), time: r.pick(TIMES), order: 30 + index });
    events.sort((a, b) => a.day - b.day || a.time.localeCompare(b.time) || a.order - b.order);

    const delivered: GeneratedDelivery[] = [];
    const paid: GeneratedPayment[] = [];
    const owedNow = (supplier: Supplier) =>
      delivered.filter((d) => d.supplier.id === supplier.id).reduce((sum, d) => sum + d.total, 0n) -
      paid.filter((p) => p.supplier.id === supplier.id && !p.deleted).reduce((sum, p) => sum + p.amount, 0n);

    for (const event of events) {
      const supplier = r.pick(trading);
      const at = momentOf(event.day, event.time);
      if (event.kind === 'delivery') {
        const lines = [];
        let total = 0n;
        for (let count = r.int(1, 3); count > 0; count--) {
          const product = r.pick(products);
          const quantity = r.int(1, 40) + (product.weighed ? r.pick([0, 0.125, 0.5, 0.333]) : 0);
          const unitKobo = BigInt(r.int(1, 5_000_000));
          total += lineKobo(unitKobo, quantity);
          lines.push({
            product_id: product.id,
            batch_number: `D${event.order}-${count}`,
            quantity,
            unit_cost: naira(unitKobo),
          });
        }
        const how = r.pick(['all', 'part', 'none', 'none'] as const);
        const atDoor = how === 'all' ? total : how === 'part' ? (total * BigInt(r.int(1, 99))) / 100n : 0n;
        const method = r.pick(PAYMENT_METHODS);
        const answer = await shop.api.call(
          ENDPOINTS.suppliers.createDelivery,
          {
            business_id: ceo.businessId,
            supplier_id: supplier.id,
            lines,
            amount_paid: naira(atDoor),
            payment_method: method,
          },
          { token: ceo.token },
        );
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        const id = answer.data.delivery.id;
        expect(answer.data.delivery.total_cost).toBe(naira(total));
        await shop.t.db
          .update(deliveries)
          .set({ received_at: at })
          .where(and(eq(deliveries.business_id, ceo.businessId), eq(deliveries.id, id)));
        delivered.push({ supplier, day: event.day, time: event.time, total, paid: atDoor });
        if (atDoor > 0n) {
          const moved = await shop.t.db
            .update(supplier_payments)
            .set({ created_at: at })
            .where(and(eq(supplier_payments.business_id, ceo.businessId), eq(supplier_payments.delivery_id, id)))
            .returning({ id: supplier_payments.id });
          expect(moved).toHaveLength(1);
          paid.push({
            id: moved[0]?.id ?? 0,
            supplier,
            day: event.day,
            time: event.time,
            amount: atDoor,
            method,
            deleted: false,
          });
        }
        continue;
      }
      const owed = owedNow(supplier);
      if (owed <= 0n) continue;
      const amount = r.next() < 0.3 ? owed : BigInt(r.int(1, Number(owed)));
      const method = r.pick(PAYMENT_METHODS);
      const answer = await shop.api.call(
        ENDPOINTS.suppliers.paySupplier,
        { business_id: ceo.businessId, supplier_id: supplier.id, amount: naira(amount), method },
        { token: ceo.token },
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      const id = answer.data.payment.id;
      await shop.t.db
        .update(supplier_payments)
        .set({ created_at: at })
        .where(and(eq(supplier_payments.business_id, ceo.businessId), eq(supplier_payments.id, id)));
      paid.push({ id, supplier, day: event.day, time: event.time, amount, method, deleted: false });
    }
    expect(paid.length).toBeGreaterThan(20);

    // The owner corrects some payments (lower or higher, up to what the API allows) and deletes others.
    for (let count = 0; count < 8; count++) {
      const payment = r.pick(paid.filter((p) => !p.deleted));
      if (r.next() < 0.4) {
        const answer = await shop.api.call(
          ENDPOINTS.suppliers.deleteSupplierPayment,
          { business_id: ceo.businessId, id: payment.id, reason: 'Paid by mistake' },
          { token: ceo.token },
        );
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        payment.deleted = true;
        continue;
      }
      const most = payment.amount + owedNow(payment.supplier);
      const amount = BigInt(r.int(1, Number(most)));
      const method = r.pick(PAYMENT_METHODS);
      const answer = await shop.api.call(
        ENDPOINTS.suppliers.updateSupplierPayment,
        { business_id: ceo.businessId, id: payment.id, amount: naira(amount), method },
        { token: ceo.token },
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      payment.amount = amount;
      payment.method = method;
    }
    expect(paid.filter((p) => p.deleted).length).toBeGreaterThan(0);

    // Another business's supplier, deliveries and payments count nowhere here.
    const other = await signUpCeo(shop.t);
    const theirs = await addSupplier(other, 'Dangote Depot');
    const theirProduct = await createProduct(shop.t, other, { product_name: 'Other' });
    const theirDelivery = await shop.api.call(
      ENDPOINTS.suppliers.createDelivery,
      {
        business_id: other.businessId,
        supplier_id: theirs.id,
        lines: [{ product_id: theirProduct.id, batch_number: 'OTH-1', quantity: 3, unit_cost: '1000.00' }],
        amount_paid: '500.00',
      },
      { token: other.token },
    );
    expect(theirDelivery.status).toBe(201);

    const periods: [number, number][] = [
      [-60, 0],
      [-10, -10],
      [-30, -15],
      [-80, -61],
      [-5, 0],
      [0, 0],
    ];
    for (let index = 0; index < 8; index++) {
      const from = -r.int(0, 65);
      periods.push([from, Math.min(0, from + r.int(0, 25))]);
    }
    // Periods that end the day before, or start the day of, a delivery or payment at a day's first instant: the
    // period's edges are Lagos midnights, the end's excluded and the start's included.
    const atMidnight = [...delivered, ...paid.filter((p) => !p.deleted)].filter((e) => e.time === TIMES[0]);
    expect(atMidnight.length).toBeGreaterThan(2);
    for (const edge of atMidnight.slice(0, 4))
      periods.push([edge.day - 2, edge.day - 1], [edge.day, Math.min(0, edge.day + 1)]);
    let seenOwed = 0;
    for (const [from, to] of periods) {
      const answer = await shop.api.call(
        ENDPOINTS.suppliers.getPurchases,
        { business_id: ceo.businessId, from: lagosDay(from), to: lagosDay(to) },
        { token: ceo.token },
      );
      expect(answer.status).toBe(200);
      const want = expected(suppliers, delivered, paid, from, to);
      expect(answer.data.rows, `rows ${from}..${to}`).toEqual(want.rows);
      expect(answer.data.totals, `totals ${from}..${to}`).toEqual(want.totals);
      if (want.rows.some((row) => row.owed !== '0.00' && row.deliveries === 0)) seenOwed += 1;
    }
    // Some period lists a supplier only for what was owed to them at its end.
    expect(seenOwed).toBeGreaterThan(0);
  });
});
