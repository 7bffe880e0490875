import { type createSaleBodySchema, fromKobo, MESSAGES, SALES_MESSAGES, type SaleDetail, toKobo } from '@oja/contract';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type * as z from 'zod';
import type { Tx } from '../../db/client';
import { carts, payments, sale_lines, sales, users } from '../../db/schema';
import { AppError, badRequest, conflict, fieldError, notFound, PG, pgErrorCode } from '../../platform/errors';
import type { BusinessContext } from '../../platform/tenancy';
import { takeStock } from '../stock/ledger';
import { cartTotal, loadCartItems, type PricedCartItem, personName } from './cart-items';
import { loadSaleDetail, saleDetailOf } from './sale-answer';

export type ConfirmSaleInput = z.output<typeof createSaleBodySchema> & { idempotencyKey: string | null };
export type ConfirmSaleOutcome = { sale: SaleDetail; isReplay: boolean };

/**
 * Confirms a cart into a sale, all in one transaction: lock the cart, take each
 * line's stock (soonest expiry first), write the sale, its lines and its first
 * payment, delete the cart. Any failure leaves nothing behind.
 *
 * Lock order, the same in every writer (ADR 0006): the cart, its products (KEY
 * SHARE), their batches, and only then the maintained report totals that the
 * sale's, lines' and payment's triggers update (ADR 0009). A cancel takes the
 * batches before the totals too, and a payment takes no batch, so none of them
 * can wait on a totals row while holding what another waits for. The batches
 * are held from the stock taken to the commit: what all sales of one product
 * queue on, so only the sale's own rows are written in that window.
 *
 * With an Idempotency-Key, a retry answers with the sale the first attempt made.
 * The key is looked up only when the sale cannot be made, not before every sale
 * (one round trip fewer on the path every sale takes): a retry finds its cart
 * gone (404), a key reused for another cart is stopped by the unique
 * (business_id, idempotency_key) index, and either failure then finds the earlier
 * sale. A retry arriving while the first is still running waits on the cart's
 * lock and then finds the cart gone and the sale committed.
 *
 * The answer is made from the rows the transaction wrote, not read back: 3
 * statements and 3 pool connections fewer per sale (bench/README.md).
 */
export async function confirmSale(ctx: BusinessContext, input: ConfirmSaleInput): Promise<ConfirmSaleOutcome> {
  try {
    const sale = await ctx.db.transaction((tx) => sellCart(tx, ctx, input));
    return { sale, isReplay: false };
  } catch (error) {
    const mayBeRetry = pgErrorCode(error) === PG.uniqueViolation || (error instanceof AppError && error.status === 404);
    const earlier = mayBeRetry ? await findByKey(ctx, input) : null;
    if (earlier) return earlier;
    throw error;
  }
}

async function findByKey(ctx: BusinessContext, input: ConfirmSaleInput): Promise<ConfirmSaleOutcome | null> {
  if (!input.idempotencyKey) return null;
  const [earlier] = await ctx.db
    .select({ id: sales.id, cart_id: sales.cart_id })
    .from(sales)
    .where(and(eq(sales.business_id, ctx.businessId), eq(sales.idempotency_key, input.idempotencyKey)))
    .limit(1);
  if (!earlier) return null;
  if (earlier.cart_id !== input.cart_id) throw conflict(SALES_MESSAGES.idempotencyKeyReused);
  return { sale: await detail(ctx, earlier.id), isReplay: true };
}

async function detail(ctx: BusinessContext, saleId: number): Promise<SaleDetail> {
  const sale = await loadSaleDetail(ctx.db, ctx.businessId, saleId, { showCost: true });
  if (!sale) throw notFound(MESSAGES.sale.notFound);
  return sale;
}

/** The payment the sale starts with: the total when paid, the deposit when partial, nothing when not paid. */
function firstPayment(input: ConfirmSaleInput, total: string): string {
  if (input.payment_status === 'paid') return total;
  if (input.payment_status === 'not_paid') return '0.00';
  const deposit = toKobo(input.deposit_amount ?? '0');
  if (deposit <= 0n) throw fieldError('deposit_amount', MESSAGES.sale.depositRequired);
  if (deposit >= toKobo(total)) throw fieldError('deposit_amount', SALES_MESSAGES.depositBelowTotal);
  return fromKobo(deposit);
}

async function sellCart(tx: Tx, ctx: BusinessContext, input: ConfirmSaleInput): Promise<SaleDetail> {
  const { businessId } = ctx;
  // The sale's id is drawn with the cart's lock (one round trip): the stock movements name it before the
  // sale's row is written, so that the totals rows come after the batches (the lock order above). A cart
  // not found or refused below only leaves a gap in the ids. The customer's phone is for the answer.
  const [cart] = await tx
    .select({
      ...getTableColumns(carts),
      sale_id: sql<string>`nextval(pg_get_serial_sequence('sales', 'id'))`,
      customer_phone: sql<string | null>`(select u.phone_number from ${users} u where u.id = ${carts.customer_id})`,
    })
    .from(carts)
    .where(and(eq(carts.business_id, businessId), eq(carts.id, input.cart_id)))
    .for('update');
  if (!cart) throw notFound(MESSAGES.cart.notFound);
  const saleId = Number(cart.sale_id);

  // In ascending product id order: see takeStock. The products are held against deletion (KEY SHARE,
  // in that order) by the same statement, before their batches: a product delete running now waits
  // for the sale, then finds it and archives the product. Taking batches first would let the delete
  // cascade into them while the sale waits on the product: a deadlock.
  const lines = await loadCartItems(tx, businessId, [cart.id], { holdProducts: true });
  const [first] = lines;
  if (!first) throw badRequest(SALES_MESSAGES.emptyCart);
  if (lines.some((line) => line.is_archived)) throw badRequest(SALES_MESSAGES.productUnavailable);
  if (lines.some((line) => line.currency !== first.currency)) throw badRequest(MESSAGES.cart.mixedCurrency);
  const total = cartTotal(lines);
  const amountPaid = firstPayment(input, total);
  const { user } = ctx.actor;

  const deleted = await tx
    .delete(carts)
    .where(and(eq(carts.business_id, businessId), eq(carts.id, cart.id)))
    .returning({ id: carts.id });
  // Only possible if something bypassed the cart's lock: nothing of this sale may stay.
  if (deleted.length === 0) throw notFound(MESSAGES.cart.notFound);

  const saleLines = await takeLines(tx, ctx, saleId, lines);

  const [sale] = await tx
    .insert(sales)
    .overridingSystemValue()
    .values({
      business_id: businessId,
      id: saleId,
      cart_id: cart.id,
      payment_status: input.payment_status,
      currency: first.currency,
      total_cart_amount: total,
      amount_paid: amountPaid,
      deposit_amount: input.payment_status === 'partial' ? amountPaid : '0.00',
      customer_name: cart.customer_name,
      customer_id: cart.customer_id,
      created_by: ctx.actor.userId,
      created_by_name: `${user.first_name} ${user.last_name}`.trim(),
      idempotency_key: input.idempotencyKey,
    })
    .returning();
  if (!sale) throw new Error('The sale was not written.');
  const writtenLines = await tx.insert(sale_lines).values(saleLines).returning();
  const paid =
    toKobo(amountPaid) > 0n
      ? await tx
          .insert(payments)
          .values({
            business_id: businessId,
            sale_id: saleId,
            amount: amountPaid,
            method: input.payment_method,
            recorded_by: ctx.actor.userId,
          })
          .returning()
      : [];
  return saleDetailOf(
    {
      sale,
      lines: writtenLines,
      payments: paid.map((payment) => ({ payment, recorded_by_name: personName(user), is_refunded: false })),
      cancelled_by_name: null,
      customer_phone: cart.customer_phone,
    },
    { showCost: true },
  );
}

/**
 * Takes each line's stock (in the given ascending product order) and returns the
 * sale's lines, one per batch a line was taken from, in the cart's own order.
 */
async function takeLines(
  tx: Tx,
  ctx: BusinessContext,
  saleId: number,
  lines: PricedCartItem[],
): Promise<(typeof sale_lines.$inferInsert)[]> {
  const { businessId } = ctx;
  const linesOfItem = new Map<number, (typeof sale_lines.$inferInsert)[]>();
  for (const line of lines) {
    const saleLines: (typeof sale_lines.$inferInsert)[] = [];
    linesOfItem.set(line.id, saleLines);
    const taken = await takeStock(tx, {
      businessId,
      productId: line.product_id,
      quantity: line.quantity,
      reason: 'sale',
      userId: ctx.actor.userId,
      saleId,
    });
    for (const part of taken) {
      saleLines.push({
        business_id: businessId,
        sale_id: saleId,
        product_id: line.product_id,
        batch_id: part.batchId,
        product_name: line.product_name,
        sku: line.sku,
        batch_number: part.batchNumber,
        expiration_date: part.expirationDate,
        quantity: part.quantity,
        pricing_strategy: line.pricing_strategy,
        unit_price: line.unit_price,
        discount_percentage: line.discount_percentage,
        cost_price: part.costPrice ?? line.cost_price,
        line_total: fromKobo(toKobo(line.net_unit_price) * BigInt(part.quantity)),
      });
    }
  }
  return [...linesOfItem.entries()].sort(([a], [b]) => a - b).flatMap(([, saleLines]) => saleLines);
}
