import { ENDPOINTS, SALES_MESSAGES } from '@oja/contract';
import { describe, expect, it } from 'vitest';
import { createCart, createProduct } from '../factories';
import { useShop } from '../shop';

/**
 * A whole-cart save sent with the `updated_at` its phone read is refused (409) when another phone changed the
 * cart since, instead of undoing that change (update-cart.ts); without it the last save wins, as the spec's
 * clients expect.
 */

const shop = useShop();

type Line = { product_id: number; quantity: number };
const save = (cart: { id: number; title: string; customer_name: string }, items: Line[], updatedAt?: string) =>
  shop.api.call(
    ENDPOINTS.sales.updateCart,
    {
      business_id: shop.ceo.businessId,
      id: cart.id,
      title: cart.title,
      customer_name: cart.customer_name,
      items,
      ...(updatedAt ? { updated_at: updatedAt } : {}),
    },
    { token: shop.ceo.token },
  );
const linesOf = (cart: { items: { product_id: number; quantity: number }[] }) =>
  cart.items.map((item) => ({ product_id: item.product_id, quantity: item.quantity }));

describe('saving a cart that another phone changed', () => {
  it("refuses the stale save and keeps the other phone's line", async () => {
    const rice = await createProduct(shop.t, shop.ceo);
    const omo = await createProduct(shop.t, shop.ceo);
    const opened = await createCart(shop.t, shop.ceo, [{ product_id: rice.id, quantity: 1 }]);
    // Phone B adds Omo from the inventory, from the cart as it is.
    const added = await save(opened, [...linesOf(opened), { product_id: omo.id, quantity: 1 }], opened.updated_at);
    expect(added.status).toBe(200);
    expect(added.data.cart.updated_at > opened.updated_at).toBe(true);
    // Phone A, still on the cart as it opened, changes the rice.
    const stale = await save(opened, [{ product_id: rice.id, quantity: 3 }], opened.updated_at);
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toBe(SALES_MESSAGES.cartChanged);
    const [now] = (
      await shop.api.call(
        ENDPOINTS.sales.listCarts,
        { business_id: shop.ceo.businessId, id: opened.id, page: 1 },
        { token: shop.ceo.token },
      )
    ).data.results;
    expect(now && linesOf(now)).toEqual(linesOf(added.data.cart));
    // From the cart as it now is, the same change goes through.
    const fresh = await save(opened, [{ product_id: rice.id, quantity: 3 }], added.data.cart.updated_at);
    expect(fresh.status).toBe(200);
  });

  it('lets one of several saves of the same version through, at once', async () => {
    const rice = await createProduct(shop.t, shop.ceo);
    const opened = await createCart(shop.t, shop.ceo, [{ product_id: rice.id, quantity: 1 }]);
    const answers = await Promise.all(
      [2, 3, 4, 5, 6].map((quantity) => save(opened, [{ product_id: rice.id, quantity }], opened.updated_at)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
  });

  it('moves the version on every save, however close together', async () => {
    const rice = await createProduct(shop.t, shop.ceo, { batches: [{ quantity: 100 }] });
    let cart = await createCart(shop.t, shop.ceo, [{ product_id: rice.id, quantity: 1 }]);
    const versions = new Set([cart.updated_at]);
    for (let quantity = 2; quantity <= 12; quantity++) {
      const answer = await save(cart, [{ product_id: rice.id, quantity }], cart.updated_at);
      expect(answer.status).toBe(200);
      cart = answer.data.cart;
      versions.add(cart.updated_at);
    }
    expect(versions.size).toBe(12);
  });

  it('lets the last save win without a version, as the spec clients send it', async () => {
    const rice = await createProduct(shop.t, shop.ceo);
    const opened = await createCart(shop.t, shop.ceo, [{ product_id: rice.id, quantity: 1 }]);
    expect((await save(opened, [{ product_id: rice.id, quantity: 2 }])).status).toBe(200);
    const last = await save(opened, [{ product_id: rice.id, quantity: 5 }]);
    expect(last.status).toBe(200);
    expect(linesOf(last.data.cart)).toEqual([{ product_id: rice.id, quantity: 5 }]);
  });

  it('refuses a version that is not a date and time', async () => {
    const rice = await createProduct(shop.t, shop.ceo);
    const opened = await createCart(shop.t, shop.ceo, [{ product_id: rice.id, quantity: 1 }]);
    const answer = await save(opened, [{ product_id: rice.id, quantity: 2 }], 'yesterday');
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toBe(SALES_MESSAGES.cartVersionFormat);
  });
});
