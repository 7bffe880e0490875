import { ENDPOINTS, MESSAGES, SALES_MESSAGES } from '@oja/contract';
import { describe, expect, it } from 'vitest';
import { confirm, createCart, createProduct, memberLoggedIn } from '../factories';
import { useShop } from '../shop';

const shop = useShop();

describe('cart bounds', () => {
  it('refuses 100 lines of 1,000,000 (beyond the stock) with the spec message, 4xx', async () => {
    const rep = await memberLoggedIn(shop.t, shop.ceo.business.id, 'sales_rep');
    const product = await createProduct(shop.t, shop.ceo, {
      selling_price: '999999999999.99',
      batches: [{ quantity: 50 }],
    });
    const items = Array.from({ length: 100 }, (_, index) => ({
      product_id: product.id,
      quantity: 1_000_000,
      pricing_strategy: index % 2 === 0 ? ('retail' as const) : ('wholesale' as const),
      apply_discount: index % 4 < 2,
    }));
    const answer = await shop.api.call(
      ENDPOINTS.sales.createCart,
      { business_id: shop.ceo.business.id, items },
      { token: rep.token },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toBe(MESSAGES.product.insufficientStock);
  });

  it('refuses a cart whose total leaves the money range, within the stock', async () => {
    const product = await createProduct(shop.t, shop.ceo, {
      selling_price: '999999999999.99',
      batches: [{ quantity: 50 }],
    });
    const answer = await shop.api.call(
      ENDPOINTS.sales.createCart,
      { business_id: shop.ceo.business.id, items: [{ product_id: product.id, quantity: 2 }] },
      { token: shop.ceo.token },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toBe(SALES_MESSAGES.cartTotalTooLarge);
    const fits = await createCart(shop.t, shop.ceo, [{ product_id: product.id, quantity: 1 }]);
    expect(fits.total_cart_amount).toBe('999999999999.99');
  });

  it('a stored cart whose total overflows after a price change still lists (200)', async () => {
    const product = await createProduct(shop.t, shop.ceo, { selling_price: '100.00', batches: [{ quantity: 50 }] });
    const cart = await createCart(shop.t, shop.ceo, [{ product_id: product.id, quantity: 50 }]);
    const raised = await shop.api.call(
      ENDPOINTS.stock.updateProduct,
      { id: product.id, business_id: shop.ceo.business.id, selling_price: '999999999999.99' },
      { token: shop.ceo.token },
    );
    expect(raised.status).toBe(200);
    const listed = await shop.api.call(
      ENDPOINTS.sales.listCarts,
      { business_id: shop.ceo.business.id },
      { token: shop.ceo.token },
    );
    expect(listed.status).toBe(200);
    const mine = listed.data.results.find((one) => one.id === cart.id);
    expect(mine?.total_cart_amount).toBe('49999999999999.50');
    // Its confirmation is refused with the message, and nothing is sold.
    const confirmed = await confirm(shop.t, shop.ceo, cart.id);
    expect(confirmed.status).toBe(400);
    expect(confirmed.body.detail).toBe(SALES_MESSAGES.cartTotalTooLarge);
    const shown = await shop.api.call(
      ENDPOINTS.stock.getProduct,
      { business_id: shop.ceo.business.id, product_id: product.id },
      { token: shop.ceo.token },
    );
    expect(shown.data.quantity_in_stock).toBe(50);
  });
});
