import { ENDPOINTS, MONEY_MESSAGES, SALES_MESSAGES } from '@oja/contract';
import { describe, expect, it } from 'vitest';
import { confirm, createCart, createProduct } from '../factories';
import { useShop } from '../shop';

const shop = useShop();

/** An amount with more digits than numeric(14,2) holds is told so, not that it is badly written. */
describe('amounts past the money range', () => {
  it('refuses a deposit too large to store with its reason', async () => {
    const product = await createProduct(shop.t, shop.ceo, { selling_price: '1000.00', batches: [{ quantity: 5 }] });
    const cart = await createCart(shop.t, shop.ceo, [{ product_id: product.id, quantity: 1 }]);
    const answer = await confirm(shop.t, shop.ceo, cart.id, {
      payment_status: 'partial',
      deposit_amount: '9999999999999.00',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.deposit_amount).toEqual([MONEY_MESSAGES.tooLarge]);
    // A badly written one keeps its own message.
    const badly = await confirm(shop.t, shop.ceo, cart.id, { payment_status: 'partial', deposit_amount: '12,5' });
    expect(badly.body.errors?.deposit_amount).toEqual([SALES_MESSAGES.invalidAmount]);
  });

  it('refuses a payment too large to store with its reason', async () => {
    const product = await createProduct(shop.t, shop.ceo, { selling_price: '1000.00', batches: [{ quantity: 5 }] });
    const cart = await createCart(shop.t, shop.ceo, [{ product_id: product.id, quantity: 2 }]);
    const sold = await confirm(shop.t, shop.ceo, cart.id, { payment_status: 'partial', deposit_amount: '500.00' });
    expect(sold.status).toBe(201);
    const answer = await shop.api.call(
      ENDPOINTS.sales.recordPayment,
      { business_id: shop.ceo.businessId, sale_id: sold.data.sale.id, amount: '9999999999999.00', method: 'cash' },
      { token: shop.ceo.token },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.amount).toEqual([MONEY_MESSAGES.tooLarge]);
  });
});
