import {
  type createSaleBodySchema,
  fromKobo,
  lineTotalKobo,
  MESSAGES,
  SALES_MESSAGES,
  type SaleDetail,
  toKobo,
  UNITS_MESSAGES,
} from '@oja/contract';
import { and, eq, getTableColumns, getTableName, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type * as z from 'zod';
import { BUILT, builtOnce, builtOncePer, placeholdersFor, putValues } from '../../db/built-once';
import type { Queryable, Tx } from '../../db/client';
import { carts, payments, sale_lines, sales, users } from '../../db/schema';
import { transaction } from '../../db/transaction';
import { AppError, badRequest, conflict, fieldError, notFound, PG, pgErrorCode } from '../../platform/errors';
import type { BusinessContext } from '../../platform/tenancy';
import { takeStock } from '../stock/ledger';
import { cartTotal, type PricedCartItem, personName, splitLineTotal, takeCartItems } from './cart-items';
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
 * (business_id, created_by, idempotency_key) index, and either failure then finds the earlier
 * sale. The key is the seller's own: another member's sale with the same key is not this one's. A retry arriving while the first is still running waits on the cart's
 * lock and then finds the cart gone and the sale committed.
 *
 * The answer is made from the rows the transaction wrote, not read back: 3
 * statements and 3 pool connections fewer per sale. The confirmation is 8 statements:
 * the gate, BEGIN, the cart's lock, its lines with the cart's delete (takeCartItems), the batches and the
 * stock change (takeStock), the sale with its lines and payment (writeSale), COMMIT. The statements of
 * this file are built once (db/built-once.ts, docs/adr/0018), and the transaction is begun on a connection's own
 * handle (db/transaction.ts), so that they run inside it.
 */
export async function confirmSale(ctx: BusinessContext, input: ConfirmSaleInput): Promise<ConfirmSaleOutcome> {
  try {
    const sale = await transaction(ctx.db, (tx) => sellCart(tx, ctx, input));
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
    .where(
      and(
        eq(sales.business_id, ctx.businessId),
        eq(sales.created_by, ctx.actor.userId),
        eq(sales.idempotency_key, input.idempotencyKey),
      ),
    )
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

const customer = alias(users, 'u');

/** The cart's lock (FOR UPDATE), the sale's id and the customer's phone: built once (db/built-once.ts). */
const lockCart = builtOnce((db) =>
  db
    .select({
      ...getTableColumns(carts),
      sale_id: sql<string>`nextval(pg_get_serial_sequence(${getTableName(sales)}, ${sales.id.name}))`,
      customer_phone: sql<
        string | null
      >`(select ${customer.phone_number} from ${users} ${customer} where ${customer.id} = ${carts.customer_id})`,
    })
    .from(carts)
    .where(and(eq(carts.business_id, sql.placeholder('businessId')), eq(carts.id, sql.placeholder('cartId'))))
    .for('update')
    .prepare(BUILT),
);

async function sellCart(tx: Tx, ctx: BusinessContext, input: ConfirmSaleInput): Promise<SaleDetail> {
  const { businessId } = ctx;
  // The sale's id is drawn with the cart's lock (one round trip): the stock movements name it before the
  // sale's row is written, so that the totals rows come after the batches (the lock order above). A cart
  // not found or refused below only leaves a gap in the ids. The customer's phone is for the answer.
  const [cart] = await lockCart(tx, { businessId, cartId: input.cart_id });
  if (!cart) throw notFound(MESSAGES.cart.notFound);
  const saleId = Number(cart.sale_id);

  // In ascending product id order: see takeStock. The products are held against deletion (KEY SHARE,
  // in that order) by the same statement, before their batches: a product delete running now waits
  // for the sale, then finds it and archives the product. Taking batches first would let the delete
  // cascade into them while the sale waits on the product: a deadlock. The cart is deleted by that
  // statement too (takeCartItems says why that is the same as after it).
  const { deleted, items: lines, baseUnits } = await takeCartItems(tx, businessId, cart.id);
  const [first] = lines;
  if (!first) throw badRequest(SALES_MESSAGES.emptyCart);
  // Only possible if something bypassed the cart's lock: nothing of this sale may stay.
  if (!deleted) throw notFound(MESSAGES.cart.notFound);
  if (lines.some((line) => line.is_archived)) throw badRequest(SALES_MESSAGES.productUnavailable);
  // A pack removed from its product since the line was written (ADR 0033): the clerk changes the line.
  if (lines.some((line) => (line.pack_id ?? null) !== null && !line.pack_units))
    throw badRequest(UNITS_MESSAGES.packNotFound, { items: [UNITS_MESSAGES.packNotFound] });
  if (lines.some((line) => line.currency !== first.currency)) throw badRequest(MESSAGES.cart.mixedCurrency);
  const total = cartTotal(lines);
  const amountPaid = firstPayment(input, total);
  const { user } = ctx.actor;

  const saleLines = await takeLines(tx, ctx, saleId, lines);

  const {
    sale,
    lines: writtenLines,
    payment,
  } = await writeSale(
    tx,
    {
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
    },
    saleLines,
    toKobo(amountPaid) > 0n
      ? { business_id: businessId, amount: amountPaid, method: input.payment_method, recorded_by: ctx.actor.userId }
      : null,
  );
  const paid = payment ? [payment] : [];
  return saleDetailOf(
    {
      sale,
      lines: writtenLines.map((line) => ({ ...line, base_unit: baseUnits.get(line.product_id) ?? null })),
      payments: paid.map((payment) => ({ payment, recorded_by_name: personName(user), refunded_amount: '0.00' })),
      cancelled_by_name: null,
      customer_phone: cart.customer_phone,
    },
    { showCost: true },
  );
}

/**
 * Takes each line's stock (in the given ascending product order) and returns the
 * sale's lines, one per batch a line was taken from, in the cart's own order.
 * A line of packs takes its packs' base units, soonest expiry first as ever, and its
 * money is split over its batches by their units (splitLineTotal), as the counter's
 * pack lines are (ADR 0030, 0033); each sale line keeps the pack's id, name and units.
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
    const packUnits = line.pack_units ?? null;
    const taken = await takeStock(tx, {
      businessId,
      productId: line.product_id,
      quantity: line.quantity * (packUnits ?? 1),
      reason: 'sale',
      userId: ctx.actor.userId,
      saleId,
    });
    // A line sold by the unit splits its one rounded total (net × quantity, ADR 0031) over its batches by their
    // units, exact per batch for whole units and shared for a weighed product's parts; a line of packs splits the
    // packs' price (ADR 0033). Either way the lines add up to the cart's total.
    const shares = splitLineTotal(
      packUnits === null ? lineTotalKobo(toKobo(line.net_unit_price), line.quantity) : toKobo(line.line_total),
      taken.map((part) => part.quantity),
    );
    for (const [index, part] of taken.entries()) {
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
        line_total: fromKobo(shares[index] ?? 0n),
        pack_id: packUnits === null ? null : (line.pack_id ?? null),
        pack_name: packUnits === null ? null : (line.pack_name ?? null),
        pack_units: packUnits,
      });
    }
  }
  return [...linesOfItem.entries()].sort(([a], [b]) => a - b).flatMap(([, saleLines]) => saleLines);
}

/**
 * Writes the sale, its lines and its first payment in one statement (data-modifying CTEs), and answers
 * the rows as written (RETURNING). One round trip where there were three, all of them while the
 * batches are locked, which is what the sales of one product queue on. A sale of one line (cart and
 * confirmation) is 11 statements with this and takeCartItems, where it was 14.
 *
 * The report totals' triggers (ADR 0009: statement-level AFTER INSERT on sales, sale_lines, payments)
 * must still fire in that order, sales, lines, payment, as they did from three statements, so that a
 * sale takes the totals rows in the same order as a payment or a cancel (sale days before payment days)
 * and no two of them can deadlock on those rows. PostgreSQL queues a sub-statement's AFTER STATEMENT
 * trigger when that sub-statement has run to completion, and fires the queue in order at the end of the
 * statement. Which CTE completes first is otherwise the plan's choice, so each insert is made to wait for
 * the completion of the one before: a line's sale id is `max(id)` over the new sale, an aggregate that
 * reads the sale's insert to its end before the first line is written, and the payment's is `max(sale_id)`
 * over the new lines, likewise. Both are the sale's id (one sale, and at least one line: an empty max
 * would be null, which the NOT NULL columns refuse). The triggers fire at the end of the statement and
 * see all its rows, as the lines' and payment's triggers need the sale's (they join it).
 * test/sales/sale-path-one-write.test.ts holds the order (the command ids of the totals rows written).
 */
async function writeSale(
  tx: Tx,
  sale: typeof sales.$inferInsert & { id: number },
  lines: (typeof sale_lines.$inferInsert)[],
  payment: Omit<typeof payments.$inferInsert, 'sale_id'> | null,
): Promise<{
  sale: typeof sales.$inferSelect;
  lines: (typeof sale_lines.$inferSelect)[];
  payment: typeof payments.$inferSelect | null;
}> {
  const values: Record<string, unknown> = {};
  putValues(values, 's_', SALE_COLUMNS, sale);
  for (const [index, line] of lines.entries()) putValues(values, `l${index}_`, LINE_COLUMNS, line);
  if (payment) putValues(values, 'p_', PAYMENT_COLUMNS, payment);
  if (payment) {
    const rows = await saleWriteWithPayment(tx, lines.length, values);
    const [row] = rows;
    if (!row) throw new Error('The sale was not written.');
    return { sale: row.new_sale, lines: rows.map((written) => written.new_lines), payment: row.new_payment };
  }
  const rows = await saleWriteWithoutPayment(tx, lines.length, values);
  const [row] = rows;
  if (!row) throw new Error('The sale was not written.');
  return { sale: row.new_sale, lines: rows.map((written) => written.new_lines), payment: null };
}

/** The columns every confirmation gives a sale, a sale line and a payment (the others take their defaults). */
const SALE_KEYS = {
  business_id: 0,
  id: 0,
  cart_id: 0,
  payment_status: 'paid',
  currency: 'NGN',
  total_cart_amount: '',
  amount_paid: '',
  deposit_amount: '',
  customer_name: '',
  customer_id: 0,
  created_by: 0,
  created_by_name: '',
  idempotency_key: '',
} satisfies Required<
  Omit<
    typeof sales.$inferInsert,
    | 'created_at'
    | 'status'
    | 'cancelled_at'
    | 'cancelled_by'
    | 'cancel_reason'
    | 'client_sale_id'
    | 'receipt_number'
    | 'customer_phone'
  >
> & { id: number };
const LINE_KEYS = {
  business_id: 0,
  sale_id: 0,
  product_id: 0,
  batch_id: 0,
  product_name: '',
  sku: '',
  batch_number: '',
  expiration_date: '',
  quantity: 0,
  pricing_strategy: 'retail',
  unit_price: '',
  discount_percentage: '',
  cost_price: '',
  line_total: '',
  // A line sold by a pack (ADR 0033); null for one by the unit.
  pack_id: 0,
  pack_name: '',
  pack_units: 0,
} satisfies Required<Omit<typeof sale_lines.$inferInsert, 'id'>>;
const PAYMENT_KEYS = {
  business_id: 0,
  amount: '',
  method: 'cash',
  recorded_by: 0,
} satisfies Required<Omit<typeof payments.$inferInsert, 'id' | 'sale_id' | 'created_at'>>;

const columnsOf = <Row extends object>(row: Row) => Object.keys(row) as (keyof Row & string)[];
const SALE_COLUMNS = columnsOf(SALE_KEYS);
const LINE_COLUMNS = columnsOf(LINE_KEYS);
const PAYMENT_COLUMNS = columnsOf(PAYMENT_KEYS);

/** writeSale's three CTEs, with placeholders; the lines' and payment's sale ids wait for the insert before (above). */
function saleWriteParts(db: Queryable, count: number) {
  const newSale = db
    .$with('new_sale')
    .as(db.insert(sales).overridingSystemValue().values(placeholdersFor('s_', SALE_COLUMNS)).returning());
  const newLines = db.$with('new_lines').as(
    db
      .insert(sale_lines)
      .values(
        Array.from({ length: count }, (_, index) => ({
          ...placeholdersFor(`l${index}_`, LINE_COLUMNS),
          sale_id: sql`(select max(id) from ${newSale})`,
        })),
      )
      .returning(),
  );
  const newPayment = db.$with('new_payment').as(
    db
      .insert(payments)
      .values({ ...placeholdersFor('p_', PAYMENT_COLUMNS), sale_id: sql`(select max(sale_id) from ${newLines})` })
      .returning(),
  );
  return { newSale, newLines, newPayment };
}

/** writeSale's statement, built once per count of lines (the first 16 counts), with a payment or without. */
const saleWriteWithPayment = builtOncePer(16, (db, count: number) => {
  const { newSale, newLines, newPayment } = saleWriteParts(db, count);
  return db
    .with(newSale, newLines, newPayment)
    .select()
    .from(newLines)
    .innerJoin(newSale, sql`true`)
    .innerJoin(newPayment, sql`true`)
    .prepare(BUILT);
});
const saleWriteWithoutPayment = builtOncePer(16, (db, count: number) => {
  const { newSale, newLines } = saleWriteParts(db, count);
  return db.with(newSale, newLines).select().from(newLines).innerJoin(newSale, sql`true`).prepare(BUILT);
});
