import { type AdjustBatchBody, ENDPOINTS, MESSAGES, STOCK_MESSAGES, type StockMovementReason } from '@oja/contract';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { stock_movements } from '../../src/db/schema';
import { createProduct, lagosDay, ledgerMismatches, quantities } from '../factories';
import { seeded } from '../seeded';
import { useShop } from '../shop';

// Enough connections for 50 requests in flight at once.
const shop = useShop({ poolSize: 25 });
let businessId: number;

beforeAll(async () => {
  businessId = shop.ceo.business.id;
});

const updateStock = (productId: number, quantity: number) =>
  shop.api.call(
    ENDPOINTS.stock.updateStock,
    { product_id: productId, quantity, business_id: businessId },
    { token: shop.ceo.token },
  );

async function movementCount(productId: number, reason?: StockMovementReason) {
  const [row] = await shop.t.db
    .select({ value: count() })
    .from(stock_movements)
    .where(
      and(
        eq(stock_movements.product_id, productId),
        reason === undefined ? undefined : eq(stock_movements.reason, reason),
      ),
    );
  return row?.value ?? 0;
}

/** Three sellable batches (soon, later, never expiring) and one expired. */
const fefoBatches = () => [
  { batch_number: 'LATER', quantity: 5, expiration_date: lagosDay(20) },
  { batch_number: 'NOEXP', quantity: 5, expiration_date: null },
  { batch_number: 'SOON1', quantity: 5, expiration_date: lagosDay(5) },
  { batch_number: 'GONE1', quantity: 5, expiration_date: lagosDay(-1) },
];

describe('PUT /stock/update/', () => {
  it('removes from the soonest-expiring batch first and the batch without expiry last, never an expired one', async () => {
    const product = await createProduct(shop.t, shop.ceo, { batches: fefoBatches() });
    expect(product.quantity_in_stock).toBe(15);

    const first = await updateStock(product.id, -7);
    expect(first.status).toBe(200);
    expect(quantities(first.data)).toEqual({ GONE1: 5, SOON1: 0, LATER: 3, NOEXP: 5 });
    expect(first.data.quantity_in_stock).toBe(8);

    const second = await updateStock(product.id, -4);
    expect(quantities(second.data)).toEqual({ GONE1: 5, SOON1: 0, LATER: 0, NOEXP: 4 });

    const last = await updateStock(product.id, -4);
    expect(quantities(last.data)).toEqual({ GONE1: 5, SOON1: 0, LATER: 0, NOEXP: 0 });
    expect(last.data).toMatchObject({ quantity_in_stock: 0, expired_quantity: 5 });

    const refused = await updateStock(product.id, -1);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'insufficient_stock', detail: MESSAGES.product.insufficientStock });
  });

  it('refuses a removal larger than the stock and changes nothing', async () => {
    const product = await createProduct(shop.t, shop.ceo, { batches: fefoBatches() });
    const movementsBefore = await movementCount(product.id);
    const answer = await updateStock(product.id, -16);
    expect(answer.status).toBe(409);
    expect(answer.body.response_description).toBe(MESSAGES.product.insufficientStock);
    const after = await shop.api.call(
      ENDPOINTS.stock.getProduct,
      { business_id: businessId, product_id: product.id },
      { token: shop.ceo.token },
    );
    expect(quantities(after.data)).toEqual(quantities(product));
    expect(await movementCount(product.id)).toBe(movementsBefore);
  });

  it('adds a positive quantity to the newest batch that has not expired', async () => {
    const product = await createProduct(shop.t, shop.ceo, {
      batches: [
        { batch_number: 'FIRST', quantity: 1 },
        { batch_number: 'SECOND', quantity: 1, expiration_date: lagosDay(60) },
        { batch_number: 'EXPIRED', quantity: 1, expiration_date: lagosDay(-2) },
      ],
    });
    const answer = await updateStock(product.id, 6);
    expect(answer.status).toBe(200);
    expect(quantities(answer.data)).toEqual({ EXPIRED: 1, SECOND: 7, FIRST: 1 });
    expect(await movementCount(product.id, 'adjustment')).toBe(1);
  });

  it('refuses to add when every batch has expired, and refuses a zero quantity', async () => {
    const product = await createProduct(shop.t, shop.ceo, {
      batches: [{ batch_number: 'OLD', quantity: 1, expiration_date: lagosDay(-2) }],
    });
    const add = await updateStock(product.id, 3);
    expect(add.status).toBe(409);
    expect(add.body.detail).toBe('Every batch of this product has expired. Receive a new batch instead.');
    const zero = await updateStock(product.id, 0);
    expect(zero.status).toBe(400);
    expect(zero.body.errors?.quantity).toBeDefined();
  });

  it('lets 50 concurrent removals of 1 unit take exactly the 20 units in stock, and refuses the other 30', async () => {
    const product = await createProduct(shop.t, shop.ceo, {
      batches: [
        { batch_number: 'RACE-A', quantity: 12, expiration_date: lagosDay(3) },
        { batch_number: 'RACE-B', quantity: 8 },
      ],
    });
    const answers = await Promise.all(Array.from({ length: 50 }, () => updateStock(product.id, -1)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.filter((status) => status === 409)).toHaveLength(30);
    expect(answers.filter((answer) => answer.status === 409).every((a) => a.body.code === 'insufficient_stock')).toBe(
      true,
    );
    const after = await shop.api.call(
      ENDPOINTS.stock.getProduct,
      { business_id: businessId, product_id: product.id },
      { token: shop.ceo.token },
    );
    expect(after.data.quantity_in_stock).toBe(0);
    expect(quantities(after.data)).toEqual({ 'RACE-A': 0, 'RACE-B': 0 });
    expect(await movementCount(product.id, 'adjustment')).toBe(20);
    expect(await ledgerMismatches(shop.t)).toEqual([]);
  });
});

describe('receiving and adjusting batches', () => {
  it('receives a new batch as a receipt, and refuses a batch number the product already has', async () => {
    const product = await createProduct(shop.t, shop.ceo, {
      batches: [{ batch_number: 'R-001', quantity: 2 }],
    });
    const received = await shop.api.call(
      ENDPOINTS.stock.receiveBatch,
      {
        business_id: businessId,
        product_id: product.id,
        batch_number: 'R-002',
        quantity: 30,
        expiration_date: lagosDay(100),
        cost_price: '1100',
      },
      { token: shop.ceo.token },
    );
    expect(received.status).toBe(201);
    expect(received.body.response_description).toBe('Stock received ✅');
    expect(received.data.quantity_in_stock).toBe(32);
    expect(received.data.batches.map((batch) => batch.batch_number)).toEqual(['R-002', 'R-001']);
    expect(await movementCount(product.id, 'receipt')).toBe(1);

    const again = await shop.api.call(
      ENDPOINTS.stock.receiveBatch,
      { business_id: businessId, product_id: product.id, batch_number: 'r-002', quantity: 1 },
      { token: shop.ceo.token },
    );
    expect(again.status).toBe(409);
    expect(again.body.errors?.batch_number).toEqual(['This product already has a batch with this number.']);

    const empty = await shop.api.call(
      ENDPOINTS.stock.receiveBatch,
      { business_id: businessId, product_id: product.id, batch_number: 'R-003', quantity: 0 },
      { token: shop.ceo.token },
    );
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.quantity).toEqual(['Quantity must be at least 1']);
  });

  it('adjusts one batch with a reason, never below zero, and only removes for damage', async () => {
    const product = await createProduct(shop.t, shop.ceo, {
      batches: [
        { batch_number: 'ADJ-1', quantity: 10 },
        { batch_number: 'ADJ-2', quantity: 4 },
      ],
    });
    const batch = product.batches.find((candidate) => candidate.batch_number === 'ADJ-2')!;
    const adjust = (delta: number, reason: AdjustBatchBody['reason'], batchId = batch.id) =>
      shop.api.call(
        ENDPOINTS.stock.adjustBatch,
        {
          business_id: businessId,
          product_id: product.id,
          batch_id: batchId,
          delta,
          reason,
          note: 'shelf count',
        },
        { token: shop.ceo.token },
      );

    const recount = await adjust(3, 'count_correction');
    expect(recount.status).toBe(200);
    expect(quantities(recount.data)).toEqual({ 'ADJ-1': 10, 'ADJ-2': 7 });
    const damaged = await adjust(-2, 'damage');
    expect(quantities(damaged.data)).toEqual({ 'ADJ-1': 10, 'ADJ-2': 5 });

    // Said of the batch, with what it holds, on the field that asked: not a sale's sentence.
    const below = await adjust(-6, 'expired_write_off');
    expect(below.status).toBe(409);
    expect(below.body.detail).toBe(STOCK_MESSAGES.batchHoldsOnly(5));
    expect(below.body.errors?.delta).toEqual([STOCK_MESSAGES.batchHoldsOnly(5)]);
    const recountBelow = await adjust(-6, 'count_correction');
    expect(recountBelow.body.detail).toBe(STOCK_MESSAGES.batchHoldsOnly(5));
    const halfUnit = await shop.api.send(ENDPOINTS.stock.adjustBatch, {
      token: shop.ceo.token,
      body: {
        business_id: businessId,
        product_id: product.id,
        batch_id: batch.id,
        delta: 1.5,
        reason: 'count_correction',
      },
    });
    expect(halfUnit.status).toBe(400);
    expect(halfUnit.body.errors?.delta).toEqual([STOCK_MESSAGES.wholeUnits]);
    const positiveDamage = await adjust(2, 'damage');
    expect(positiveDamage.status).toBe(400);
    expect(positiveDamage.body.errors?.delta).toEqual([
      'Damage and expired write-offs remove stock: enter a negative number.',
    ]);
    const unknownReason = await shop.api.send(ENDPOINTS.stock.adjustBatch, {
      token: shop.ceo.token,
      body: { business_id: businessId, product_id: product.id, batch_id: batch.id, delta: -1, reason: 'sale' },
    });
    expect(unknownReason.status).toBe(400);

    const other = await createProduct(shop.t, shop.ceo);
    const wrongBatch = await adjust(-1, 'damage', other.batches[0]!.id);
    expect(wrongBatch.status).toBe(404);
    expect(wrongBatch.body.detail).toBe('Batch not found.');
  });

  it('lists a product’s movements newest first, with who, why and which batch, paged by 20', async () => {
    const product = await createProduct(shop.t, shop.ceo, {
      batches: [{ batch_number: 'HIST-1', quantity: 50 }],
    });
    for (let i = 0; i < 21; i++) await updateStock(product.id, -1);
    const batchId = product.batches[0]!.id;
    await shop.api.call(
      ENDPOINTS.stock.adjustBatch,
      {
        business_id: businessId,
        product_id: product.id,
        batch_id: batchId,
        delta: -2,
        reason: 'damage',
        note: 'Rats',
      },
      { token: shop.ceo.token },
    );
    const page1 = await shop.api.call(
      ENDPOINTS.stock.listMovements,
      { business_id: businessId, product_id: product.id },
      { token: shop.ceo.token },
    );
    expect(page1.status).toBe(200);
    expect(page1.data).toMatchObject({ count: 23, total_pages: 2, next: 2, current_page: 1 });
    expect(page1.data.results).toHaveLength(20);
    expect(page1.data.results[0]).toMatchObject({
      batch_id: batchId,
      batch_number: 'HIST-1',
      delta: -2,
      reason: 'damage',
      note: 'Rats',
      sale_id: null,
      user: { id: shop.ceo.user.id, first_name: shop.ceo.user.first_name, last_name: shop.ceo.user.last_name },
    });
    const page2 = await shop.api.call(
      ENDPOINTS.stock.listMovements,
      { business_id: businessId, product_id: product.id, page: 2 },
      { token: shop.ceo.token },
    );
    expect(page2.data.results.at(-1)).toMatchObject({ delta: 50, reason: 'initial' });
  });
});

describe('the ledger invariant', () => {
  it('holds for every batch after a random sequence of receipts, adjustments and removals', async () => {
    const draw = seeded(20_260_101);
    const random = (below: number) => draw.int(0, below - 1);
    const product = await createProduct(shop.t, shop.ceo, {
      batches: [
        { batch_number: 'INV-0', quantity: 20, expiration_date: lagosDay(10) },
        { batch_number: 'INV-E', quantity: 5, expiration_date: lagosDay(-5) },
      ],
    });
    let current = product;
    const outcomes = { ok: 0, refused: 0 };
    for (let step = 0; step < 80; step++) {
      const kind = random(4);
      let answer: Awaited<ReturnType<typeof updateStock>>;
      if (kind === 0) {
        answer = await shop.api.call(
          ENDPOINTS.stock.receiveBatch,
          {
            business_id: businessId,
            product_id: product.id,
            batch_number: `INV-${step + 1}`,
            quantity: 1 + random(15),
            expiration_date: random(3) === 0 ? null : lagosDay(random(60) - 10),
          },
          { token: shop.ceo.token },
        );
      } else if (kind === 1) {
        const batch = current.batches[random(current.batches.length)]!;
        const reasons = ['count_correction', 'damage', 'expired_write_off'] as const;
        const reason = reasons[random(3)]!;
        const size = 1 + random(6);
        const delta = reason === 'count_correction' && random(2) === 0 ? size : -size;
        answer = await shop.api.call(
          ENDPOINTS.stock.adjustBatch,
          { business_id: businessId, product_id: product.id, batch_id: batch.id, delta, reason },
          { token: shop.ceo.token },
        );
      } else {
        const quantity = (1 + random(12)) * (kind === 2 ? -1 : 1);
        answer = await updateStock(product.id, kind === 2 ? quantity : Math.ceil(quantity / 3));
      }
      if (answer.status < 300) {
        outcomes.ok++;
        current = answer.data;
      } else {
        expect(answer.body.code, JSON.stringify(answer.body)).toMatch(/insufficient_stock|conflict/);
        outcomes.refused++;
      }
      expect(current.batches.every((batch) => batch.quantity >= 0)).toBe(true);
    }
    // The sequence is meant to exercise both paths.
    expect(outcomes.ok).toBeGreaterThan(30);
    expect(outcomes.refused).toBeGreaterThan(0);
    expect(await ledgerMismatches(shop.t)).toEqual([]);
  });
});
