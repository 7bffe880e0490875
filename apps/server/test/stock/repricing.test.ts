import { randomUUID } from 'node:crypto';
import {
  ENDPOINTS,
  type EndpointInput,
  IDEMPOTENCY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  PRICING_MESSAGES,
  type Product,
} from '@oja/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { product_price_changes, products, repricings } from '../../src/db/schema';
import { confirm, createCart, createProduct, lagosDay, type Owner, signUpCeo } from '../factories';
import { useShop } from '../shop';

const shop = useShop();
let other: Owner;

type Body = EndpointInput<typeof ENDPOINTS.stock.applyRepricing>;

const preview = (body: Body, token = shop.ceo.token) =>
  shop.api.call(ENDPOINTS.stock.previewRepricing, body, { token });
const apply = (body: Body, options: { token?: string; key?: string } = {}) =>
  shop.api.call(ENDPOINTS.stock.applyRepricing, body, {
    token: options.token ?? shop.ceo.token,
    headers: options.key ? { [IDEMPOTENCY_HEADER]: options.key } : {},
  });
const undo = (id: number, options: { token?: string; key?: string; businessId?: number } = {}) =>
  shop.api.call(
    ENDPOINTS.stock.undoRepricing,
    { business_id: options.businessId ?? shop.ceo.businessId, id },
    { token: options.token ?? shop.ceo.token, headers: options.key ? { [IDEMPOTENCY_HEADER]: options.key } : {} },
  );

async function pricesOf(id: number) {
  const [row] = await shop.t.db
    .select({ selling: products.selling_price, wholesale: products.wholesale_price })
    .from(products)
    .where(eq(products.id, id));
  return row;
}

/** A product of the shop in a category of its own for the test, with the prices given. */
function product(category: string, name: string, prices: { selling: string; wholesale?: string; cost?: string }) {
  return createProduct(shop.t, shop.ceo, {
    product_name: name,
    selling_price: prices.selling,
    wholesale_price: prices.wholesale,
    cost_price: prices.cost ?? '100.00',
    category,
  });
}

async function categoryId(name: string): Promise<number> {
  const answer = await shop.api.call(
    ENDPOINTS.stock.listCategories,
    { business_id: shop.ceo.businessId },
    { token: shop.ceo.token },
  );
  const found = answer.data.results.find((category) => category.name.toLowerCase() === name.toLowerCase());
  if (!found) throw new Error(`No category ${name}`);
  return found.id;
}

beforeAll(async () => {
  other = await signUpCeo(shop.t);
});

describe('categories', () => {
  it('are made by typing a name, found again whatever its case, and filter the inventory', async () => {
    const first = await product('Drinks A', 'Fanta 50cl', { selling: '300' });
    const second = await product('drinks a', 'Coke 50cl', { selling: '300' });
    await product('Soap A', 'Lux soap', { selling: '500' });
    expect(first.category?.name).toBe('Drinks A');
    expect(second.category).toEqual(first.category);
    const list = await shop.api.call(
      ENDPOINTS.stock.listProducts,
      { business_id: shop.ceo.businessId, category_id: first.category?.id },
      { token: shop.ceo.token },
    );
    expect(list.data.results.map((row) => row.product_name).sort()).toEqual(['Coke 50cl', 'Fanta 50cl']);
    expect(list.data.count).toBe(2);
    const searched = await shop.api.call(
      ENDPOINTS.stock.listProducts,
      { business_id: shop.ceo.businessId, category_id: first.category?.id, search: 'fanta' },
      { token: shop.ceo.token },
    );
    expect(searched.data.results.map((row) => row.product_name)).toEqual(['Fanta 50cl']);
    const categories = await shop.api.call(
      ENDPOINTS.stock.listCategories,
      { business_id: shop.ceo.businessId },
      { token: shop.ceo.token },
    );
    expect(categories.data.results.find((row) => row.name === 'Drinks A')?.product_count).toBe(2);
  });

  it('is left as it was by an update that does not send it, and cleared by a blank one', async () => {
    const made = await product('Snacks A', 'Plantain chips', { selling: '200' });
    const call = (body: Partial<EndpointInput<typeof ENDPOINTS.stock.updateProduct>>) =>
      shop.api.call(
        ENDPOINTS.stock.updateProduct,
        { business_id: shop.ceo.businessId, id: made.id, ...body },
        { token: shop.ceo.token },
      );
    expect((await call({ product_name: 'Plantain chips 100g' })).data.category?.name).toBe('Snacks A');
    expect((await call({ category: '' })).data.category).toBeNull();
    // A client of the spec's fields alone: no category in the answer's way, none needed in the body.
    const spec = await createProduct(shop.t, shop.ceo, { product_name: 'Sugar cube' });
    expect(spec.category).toBeNull();
  });

  it("another business's category answers 404 to a bulk change", async () => {
    const theirs = await createProduct(shop.t, other, { category: 'Their drinks' });
    const answer = await preview({
      business_id: shop.ceo.businessId,
      category_id: theirs.category?.id,
      method: 'percent',
      direction: 'raise',
      value: '10',
    });
    expect(answer.status).toBe(404);
    expect(answer.body.response_description).toBe(PRICING_MESSAGES.categoryNotFound);
  });
});

describe('a bulk change', () => {
  let drinks: { malt: Product; stout: Product; water: Product };
  let drinksId: number;

  beforeAll(async () => {
    drinks = {
      malt: await product('Drinks', 'Malt 33cl', { selling: '1250.00', wholesale: '1100.00', cost: '1000.00' }),
      stout: await product('Drinks', 'Stout 60cl', { selling: '999.99', cost: '950.00' }),
      water: await product('Drinks', 'Water 75cl', { selling: '1000.00', cost: '200.00' }),
    };
    drinksId = await categoryId('Drinks');
  });

  const drinksBy = (change: Partial<Body>): Body => ({
    business_id: shop.ceo.businessId,
    category_id: drinksId,
    method: 'percent',
    direction: 'raise',
    value: '10',
    round_to: 50,
    ...change,
  });

  it('rounds up to the step, exactly, on hand-checked rows', async () => {
    const answer = await preview(drinksBy({}));
    expect(answer.status).toBe(200);
    const rows = Object.fromEntries(answer.data.rows.map((row) => [row.product_name, row]));
    // 1250 × 1.10 = 1375 → 1400; 1100 × 1.10 = 1210 → 1250; 999.99 × 1.10 = 1099.989 → 1100; 1100 stays 1100.
    expect(rows['Malt 33cl']).toMatchObject({
      old_selling_price: '1250.00',
      new_selling_price: '1400.00',
      old_wholesale_price: '1100.00',
      new_wholesale_price: '1250.00',
      cost_price: '1000.00',
      margin: '400.00',
      wholesale_margin: '250.00',
      is_below_cost: false,
    });
    expect(rows['Stout 60cl']).toMatchObject({
      new_selling_price: '1100.00',
      new_wholesale_price: null,
      margin: '150.00',
    });
    expect(rows['Water 75cl']).toMatchObject({ new_selling_price: '1100.00' });
    expect(answer.data.count).toBe(3);

    const cut = await preview(drinksBy({ direction: 'lower', round_to: 100 }));
    // 1250 × 0.90 = 1125 → 1200 (up); 999.99 × 0.90 = 899.991 → 900; 1000 × 0.90 = 900 → 900.
    expect(cut.data.rows.map((row) => row.new_selling_price)).toEqual(['1200.00', '900.00', '900.00']);
    // Stout now sells below its cost of 950: the preview says so.
    expect(cut.data.rows.map((row) => row.is_below_cost)).toEqual([false, true, false]);
    expect(cut.data.below_cost_count).toBe(1);

    const byAmount = await preview(drinksBy({ method: 'amount', value: '75', round_to: 10 }));
    // 1250 + 75 = 1325 → 1330; 1100 + 75 = 1175 → 1180; 999.99 + 75 = 1074.99 → 1080; 1075 → 1080.
    expect(byAmount.data.rows.map((row) => [row.new_selling_price, row.new_wholesale_price])).toEqual([
      ['1330.00', '1180.00'],
      ['1080.00', null],
      ['1080.00', null],
    ]);
    // To the kobo, half up: 999.99 × 1.125 = 1124.98875 → 1124.99.
    const exact = await preview(drinksBy({ value: '12.5', round_to: null, search: 'stout' }));
    expect(exact.data.rows.map((row) => row.new_selling_price)).toEqual(['1124.99']);
  });

  it('refuses a price that would fall to ₦0, and bad values, with a message', async () => {
    const free = await preview(drinksBy({ method: 'amount', direction: 'lower', value: '1000', round_to: null }));
    expect(free.status).toBe(400);
    expect(free.body.response_description).toBe(PRICING_MESSAGES.wouldBeFree('Stout 60cl'));
    const bad = await preview(drinksBy({ value: '150' }));
    expect(bad.status).toBe(400);
    expect(bad.body.response_description).toBe(PRICING_MESSAGES.percentInvalid);
    const round = await shop.api.send(ENDPOINTS.stock.previewRepricing, {
      token: shop.ceo.token,
      body: { ...drinksBy({}), round_to: 20 },
    });
    expect(round.status).toBe(400);
  });

  it('applies what the preview showed, in its history, and an undo puts the prices back', async () => {
    const shown = await preview(drinksBy({}));
    const applied = await apply(drinksBy({}));
    expect(applied.status).toBe(201);
    expect(applied.data.rows).toEqual(shown.data.rows);
    expect(applied.data).toMatchObject({ product_count: 3, is_last: true, undone_at: null });
    expect(await pricesOf(drinks.malt.id)).toEqual({ selling: '1400.00', wholesale: '1250.00' });
    expect(await pricesOf(drinks.stout.id)).toEqual({ selling: '1100.00', wholesale: null });

    const history = await shop.api.call(
      ENDPOINTS.stock.listPriceHistory,
      { business_id: shop.ceo.businessId, product_id: drinks.malt.id },
      { token: shop.ceo.token },
    );
    expect(history.data.results[0]).toMatchObject({
      old_selling_price: '1250.00',
      new_selling_price: '1400.00',
      old_wholesale_price: '1100.00',
      new_wholesale_price: '1250.00',
      repricing_id: applied.data.id,
      is_undo: false,
      user: { id: shop.ceo.user.id },
    });

    const undone = await undo(applied.data.id);
    expect(undone.status).toBe(200);
    expect(undone.data.undone_at).not.toBeNull();
    expect(await pricesOf(drinks.malt.id)).toEqual({ selling: '1250.00', wholesale: '1100.00' });
    expect(await pricesOf(drinks.stout.id)).toEqual({ selling: '999.99', wholesale: null });
    const again = await undo(applied.data.id);
    expect(again.status).toBe(409);
    expect(again.body.response_description).toBe(PRICING_MESSAGES.alreadyUndone);
    const after = await shop.api.call(
      ENDPOINTS.stock.listPriceHistory,
      { business_id: shop.ceo.businessId, product_id: drinks.malt.id },
      { token: shop.ceo.token },
    );
    expect(after.data.results[0]).toMatchObject({
      old_selling_price: '1400.00',
      new_selling_price: '1250.00',
      is_undo: true,
    });
  });

  it('refuses the undo when a price was changed since, and changes nothing', async () => {
    const applied = await apply(drinksBy({}));
    const edited = await shop.api.call(
      ENDPOINTS.stock.updateProduct,
      { business_id: shop.ceo.businessId, id: drinks.water.id, selling_price: '1150' },
      { token: shop.ceo.token },
    );
    expect(edited.status).toBe(200);
    const refused = await undo(applied.data.id);
    expect(refused.status).toBe(409);
    expect(refused.body.response_description).toBe(PRICING_MESSAGES.changedSince('Water 75cl'));
    expect(await pricesOf(drinks.malt.id)).toEqual({ selling: '1400.00', wholesale: '1250.00' });
    expect(await pricesOf(drinks.water.id)).toEqual({ selling: '1150.00', wholesale: null });
    // The single edit is in the history too: old, new, who, and no bulk change.
    const history = await shop.api.call(
      ENDPOINTS.stock.listPriceHistory,
      { business_id: shop.ceo.businessId, product_id: drinks.water.id },
      { token: shop.ceo.token },
    );
    expect(history.data.results[0]).toMatchObject({
      old_selling_price: '1100.00',
      new_selling_price: '1150.00',
      repricing_id: null,
      user: { id: shop.ceo.user.id },
    });
  });

  it('undoes only the last change', async () => {
    const first = await apply(drinksBy({ search: 'malt' }));
    const second = await apply(drinksBy({ search: 'stout' }));
    const refused = await undo(first.data.id);
    expect(refused.status).toBe(409);
    expect(refused.body.response_description).toBe(PRICING_MESSAGES.notLast);
    expect((await undo(second.data.id)).status).toBe(200);
  });

  it('sent twice with one key, changes the prices once and answers the same', async () => {
    const before = await pricesOf(drinks.stout.id);
    const key = randomUUID();
    const body = drinksBy({ search: 'stout', method: 'amount', value: '100', round_to: null });
    const first = await apply(body, { key });
    const second = await apply(body, { key });
    expect(first.status).toBe(201);
    expect(second.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(second.data).toEqual(first.data);
    const after = await pricesOf(drinks.stout.id);
    expect(after?.selling).toBe(first.data.rows[0]?.new_selling_price ?? 'missing');
    expect(first.data.rows[0]?.old_selling_price).toBe(before?.selling);
    const made = await shop.t.db
      .select({ id: repricings.id })
      .from(repricings)
      .where(and(eq(repricings.business_id, shop.ceo.businessId), eq(repricings.id, first.data.id)));
    expect(made).toHaveLength(1);
    // An undo sent twice with one key: undone once, the same answer twice.
    const undoKey = randomUUID();
    const undone = await undo(first.data.id, { key: undoKey });
    const replayed = await undo(first.data.id, { key: undoKey });
    expect(undone.status).toBe(200);
    expect(replayed.status).toBe(200);
    expect(replayed.data).toEqual(undone.data);
    expect(await pricesOf(drinks.stout.id)).toEqual(before);
  });

  it("leaves another business's products alone, and their change answers 404 here", async () => {
    const theirs = await createProduct(shop.t, other, { product_name: 'Malt 33cl', selling_price: '500' });
    const mine = await pricesOf(drinks.malt.id);
    const applied = await apply(
      { business_id: other.businessId, search: 'Malt 33cl', method: 'percent', direction: 'raise', value: '10' },
      { token: other.token },
    );
    expect(applied.status).toBe(201);
    expect(applied.data.rows.map((row) => row.product_id)).toEqual([theirs.id]);
    expect(await pricesOf(drinks.malt.id)).toEqual(mine);
    const foreign = await undo(applied.data.id);
    expect(foreign.status).toBe(404);
    const viaTheirs = await undo(applied.data.id, { businessId: other.businessId });
    expect(viaTheirs.status).toBe(404);
    const changes = await shop.t.db
      .select({ id: product_price_changes.id })
      .from(product_price_changes)
      .where(eq(product_price_changes.repricing_id, applied.data.id));
    expect(changes).toHaveLength(1);
  });
});

describe('the margin guard', () => {
  it('flags a product sold below its cost after discount, in the product and in Needs attention', async () => {
    const cheap = await createProduct(shop.t, shop.ceo, {
      product_name: 'Loss leader rice',
      cost_price: '1000',
      selling_price: '1050',
      selling_price_discount_percentage: '10',
    });
    // 1050 less 10% is 945, below the cost of 1000.
    expect(cheap.is_below_cost).toBe(true);
    const fine = await createProduct(shop.t, shop.ceo, { cost_price: '1000', selling_price: '1050' });
    expect(fine.is_below_cost).toBe(false);
    const overview = await shop.api.call(
      ENDPOINTS.businesses.getOverview,
      { business_id: shop.ceo.businessId },
      { token: shop.ceo.token },
    );
    const flagged = overview.data.attention.below_cost.map((row) => row.product_name);
    expect(flagged).toContain('Loss leader rice');
    expect(flagged).not.toContain(fine.product_name);
  });

  it("takes a delivery's own cost as the product's cost from then on", async () => {
    const made = await createProduct(shop.t, shop.ceo, { cost_price: '100', selling_price: '120' });
    const received = await shop.api.call(
      ENDPOINTS.stock.receiveBatch,
      {
        business_id: shop.ceo.businessId,
        product_id: made.id,
        batch_number: 'DEAR-1',
        quantity: 5,
        cost_price: '130',
      },
      { token: shop.ceo.token },
    );
    expect(received.data).toMatchObject({ cost_price: '130.00', is_below_cost: true });
  });
});

describe("the report's product tables", () => {
  it('follow the category filter: best sellers and low stock of the category only', async () => {
    const inCategory = await createProduct(shop.t, shop.ceo, {
      product_name: 'Zobo drink 50cl',
      category: 'Report drinks',
      reorder_level: 50,
    });
    const outside = await createProduct(shop.t, shop.ceo, { product_name: 'Garri 1kg', reorder_level: 50 });
    for (const product of [inCategory, outside]) {
      const cart = await createCart(shop.t, shop.ceo, [{ product_id: product.id, quantity: 2 }]);
      await confirm(shop.t, shop.ceo, cart.id, { payment_status: 'paid' });
    }
    const report = (category_id?: number) =>
      shop.api.call(
        ENDPOINTS.businesses.getReport,
        { business_id: shop.ceo.businessId, from: lagosDay(-1), to: lagosDay(0), category_id },
        { token: shop.ceo.token },
      );
    const all = (await report()).data;
    expect(all.top_products.map((row) => row.product_name)).toEqual(
      expect.arrayContaining(['Zobo drink 50cl', 'Garri 1kg']),
    );
    const filtered = (await report(inCategory.category?.id)).data;
    expect(filtered.top_products.map((row) => row.product_name)).toEqual(['Zobo drink 50cl']);
    expect(filtered.top_products_by_revenue.map((row) => row.product_name)).toEqual(['Zobo drink 50cl']);
    expect(filtered.low_stock.map((row) => row.product_name)).toEqual(['Zobo drink 50cl']);
    // The money figures stay the whole business's.
    expect(filtered.total_revenue).toEqual(all.total_revenue);
  });
});
