import { ENDPOINTS, MESSAGES, SALES_MESSAGES } from '@oja/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { confirm, createCart, createProduct, lagosDay, type Owner, signUpCeo } from '../factories';
import { useShop } from '../shop';

/**
 * A new cart of one line (the common cart): checked by checkItems (a product read by `=` and built once,
 * cart-lines.ts), then written with its line by one statement. What must hold: each refusal answers as
 * the contract says and writes nothing; a cart at the edge of the money range is still written; the
 * answer is the cart as the list then shows it.
 */

const shop = useShop();
let other: Owner;

beforeAll(async () => {
  other = await signUpCeo(shop.t);
});

async function cartRows(businessId: number): Promise<number> {
  const { rows } = await shop.t.db.execute<{ carts: number; items: number }>(sql`
    select (select count(*)::int from carts where business_id = ${businessId})
         + (select count(*)::int from cart_items where business_id = ${businessId}) as carts`);
  return rows[0]?.carts ?? -1;
}

function newCart(productId: number, quantity: number, pricing: 'retail' | 'wholesale' = 'retail') {
  return shop.api.call(
    ENDPOINTS.sales.createCart,
    { business_id: shop.ceo.businessId, items: [{ product_id: productId, quantity, pricing_strategy: pricing }] },
    { token: shop.ceo.token },
  );
}

describe('a one-line cart', () => {
  it("refuses an archived, another business's, unknown, out-of-stock or short product, and a total past the money range, writing nothing", async () => {
    // Sold once, so that deleting it archives it instead of erasing it.
    const archived = await createProduct(shop.t, shop.ceo);
    const sold = await createCart(shop.t, shop.ceo, [{ product_id: archived.id, quantity: 1 }]);
    expect((await confirm(shop.t, shop.ceo, sold.id)).status).toBe(201);
    const archive = await shop.api.call(
      ENDPOINTS.stock.deleteProduct,
      { business_id: shop.ceo.businessId, id: archived.id },
      { token: shop.ceo.token },
    );
    expect(archive.status).toBeLessThan(300);
    const { rows: archivedRows } = await shop.t.db.execute<{ archived: boolean }>(
      sql`select archived_at is not null as archived from products where id = ${archived.id}`,
    );
    expect(archivedRows).toEqual([{ archived: true }]);
    const empty = await createProduct(shop.t, shop.ceo, { batches: [{ quantity: 0 }] });
    const expired = await createProduct(shop.t, shop.ceo, {
      batches: [{ quantity: 5, expiration_date: lagosDay(-1) }],
    });
    const few = await createProduct(shop.t, shop.ceo, { batches: [{ quantity: 3 }] });
    const elsewhere = await createProduct(shop.t, other);
    const dear = await createProduct(shop.t, shop.ceo, {
      selling_price: '999999999999.99',
      batches: [{ quantity: 5 }],
    });
    const before = await cartRows(shop.ceo.businessId);

    const cases: [number, number, string, string][] = [
      [archived.id, 1, 'items.0.product_id', MESSAGES.product.notFound],
      [elsewhere.id, 1, 'items.0.product_id', MESSAGES.product.notFound],
      [987_654_321, 1, 'items.0.product_id', MESSAGES.product.notFound],
      [empty.id, 1, 'items.0.product_id', MESSAGES.product.outOfStockForCart],
      [expired.id, 1, 'items.0.product_id', MESSAGES.product.outOfStockForCart],
      [few.id, 4, 'items.0.quantity', MESSAGES.product.insufficientStock],
    ];
    for (const [productId, quantity, field, message] of cases) {
      const answer = await newCart(productId, quantity);
      expect(answer.status, `${productId} × ${quantity}`).toBe(400);
      expect(answer.body.detail).toBe(message);
      expect(answer.body.errors).toEqual({ [field]: [message] });
    }
    const tooDear = await newCart(dear.id, 2);
    expect(tooDear.status).toBe(400);
    expect(tooDear.body.detail).toBe(SALES_MESSAGES.cartTotalTooLarge);
    expect(tooDear.body.errors).toEqual({ items: [SALES_MESSAGES.cartTotalTooLarge] });

    expect(await cartRows(shop.ceo.businessId)).toBe(before);
  });

  it('checks the money range at the price the line is sold at, not the higher of the two', async () => {
    // The money range is checked at the price the line is sold at: 2 × 900,000,000,000 wholesale is past
    // it, 2 × 400,000,000,000 retail is not.
    const product = await createProduct(shop.t, shop.ceo, {
      selling_price: '400000000000.00',
      selling_price_discount_percentage: '0',
      wholesale_price: '900000000000.00',
      batches: [{ quantity: 2 }],
    });
    const retail = await newCart(product.id, 2);
    expect(retail.status).toBe(201);
    expect(retail.data.cart.total_cart_amount).toBe('800000000000.00');
    expect(retail.data.cart.items).toHaveLength(1);
    const wholesale = await newCart(product.id, 2, 'wholesale');
    expect(wholesale.status).toBe(400);
    expect(wholesale.body.detail).toBe(SALES_MESSAGES.cartTotalTooLarge);
  });

  it('answers the cart as written: its line, its product and its stock as the list then shows them', async () => {
    const product = await createProduct(shop.t, shop.ceo, {
      selling_price: '250.00',
      selling_price_discount_percentage: '10',
      wholesale_price: '230.00',
      batches: [
        { quantity: 4, expiration_date: lagosDay(30) },
        { quantity: 3, expiration_date: lagosDay(-2) },
        { quantity: 6, expiration_date: null },
      ],
    });
    const answer = await newCart(product.id, 5, 'wholesale');
    expect(answer.status).toBe(201);
    const { cart } = answer.data;
    // The expired batch is not sellable: 4 + 6.
    expect(cart.items.map((item) => [item.quantity, item.quantity_in_stock, item.unit_price, item.line_total])).toEqual(
      [[5, 10, '230.00', '1150.00']],
    );
    const list = await shop.api.call(
      ENDPOINTS.sales.listCarts,
      { business_id: shop.ceo.businessId, id: cart.id },
      { token: shop.ceo.token },
    );
    expect(list.status).toBe(200);
    const listed = list.data.results.find((row: { id: number }) => row.id === cart.id);
    expect(listed).toEqual(cart);
  });
});
