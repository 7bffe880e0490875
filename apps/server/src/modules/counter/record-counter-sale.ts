import {
  COUNTER_MAX_CLOCK_AHEAD_MINUTES,
  COUNTER_MAX_SALE_AGE_DAYS,
  COUNTER_MESSAGES,
  type CounterSaleAnswer,
  type counterSaleBodySchema,
  counterTotals,
  DEFAULT_CUSTOMER_NAME,
  fromKobo,
  fromMilli,
  lineTotalKobo,
  MESSAGES,
  type Pack,
  priceLine,
  SALES_MESSAGES,
  toKobo,
  toMilli,
  UNITS_MESSAGES,
} from '@oja/contract';
import { and, asc, eq, getTableName, inArray, sql } from 'drizzle-orm';
import type * as z from 'zod';
import type { Tx } from '../../db/client';
import { counter_devices, payments, price_flags, products, sale_lines, sales, stock_shortfalls } from '../../db/schema';
import { transaction } from '../../db/transaction';
import { AppError, badRequest, conflict, fieldError, PG, pgConstraint, pgErrorCode } from '../../platform/errors';
import type { BusinessContext } from '../../platform/tenancy';
import { changesOf, recordActivity } from '../activity/record';
import { MAX_CART_KOBO, personName, splitLineTotal } from '../sales/cart-items';
import { requireCustomer } from '../sales/customers';
import { takeAvailableStock } from '../stock/ledger';
import { packsOf } from '../stock/packs';
import { netUnitKobo } from './counter-rows';
import { counterSaleAnswer } from './counter-sale-answer';

export type RecordCounterSaleInput = z.output<typeof counterSaleBodySchema>;
export type CounterSaleOutcome = { answer: CounterSaleAnswer; isReplay: boolean };

/**
 * Records a sale made at the counter (online, or sent later from a phone's outbox), once per seller and
 * client_sale_id (ADR 0013), in one transaction in confirmSale's lock order (ADR 0006): the products KEY
 * SHARE in ascending id, their batches soonest expiry first (the ledger), then the sale's rows, whose
 * triggers take the report totals (ADR 0009), and last the device's row.
 *
 * What physically left the shop is recorded: a product's units no batch holds any more become a line
 * without a batch and a shortfall, never a refusal; a line charged at another price than the product's now
 * keeps what was charged and is flagged. What cannot be honoured at all (a product not of this business,
 * a receipt prefix not of this device, a clock far off) is refused with words, and the phone keeps it.
 *
 * The sale's row holds (business_id, created_by, client_sale_id) unique: a repeat, or a twin that lost
 * the race to it (the index refuses its sale, after waiting on the first's locks), is looked up only when
 * the sale cannot be made, as confirmSale does, and answers the first sale.
 */
export async function recordCounterSale(
  ctx: BusinessContext,
  input: RecordCounterSaleInput,
): Promise<CounterSaleOutcome> {
  try {
    const saleId = await transaction(ctx.db, (tx) => sell(tx, ctx, input));
    return { answer: await counterSaleAnswer(ctx.db, ctx.businessId, saleId), isReplay: false };
  } catch (error) {
    const isUnique = pgErrorCode(error) === PG.uniqueViolation;
    if (isUnique || (error instanceof AppError && error.status < 500)) {
      const earlier = await findEarlier(ctx, input);
      if (earlier) return earlier;
    }
    if (isUnique && pgConstraint(error) === 'sales_receipt_number_key') {
      throw conflict(COUNTER_MESSAGES.receiptNumberTaken, { receipt_number: [COUNTER_MESSAGES.receiptNumberTaken] });
    }
    throw error;
  }
}

/** The seller's earlier sale of this client_sale_id, when it is the same sale (else 409: an id reused). */
async function findEarlier(ctx: BusinessContext, input: RecordCounterSaleInput): Promise<CounterSaleOutcome | null> {
  const { businessId } = ctx;
  const [earlier] = await ctx.db
    .select({ id: sales.id, receipt_number: sales.receipt_number })
    .from(sales)
    .where(
      and(
        eq(sales.business_id, businessId),
        eq(sales.created_by, ctx.actor.userId),
        eq(sales.client_sale_id, input.client_sale_id),
      ),
    )
    .limit(1);
  if (!earlier) return null;
  const lines = await ctx.db
    .select({
      product_id: sale_lines.product_id,
      pack_id: sale_lines.pack_id,
      pack_units: sale_lines.pack_units,
      quantity: sql<number>`sum(${sale_lines.quantity})`.mapWith(Number),
      unit_price: sale_lines.unit_price,
    })
    .from(sale_lines)
    .where(and(eq(sale_lines.business_id, businessId), eq(sale_lines.sale_id, earlier.id)))
    .groupBy(sale_lines.product_id, sale_lines.pack_id, sale_lines.pack_units, sale_lines.unit_price);
  const sent = new Map(input.lines.map((line) => [lineKey(line), line]));
  const isSame =
    earlier.receipt_number === input.receipt_number &&
    lines.length === input.lines.length &&
    lines.every((line) => {
      const twin = sent.get(lineKey(line));
      return (
        twin !== undefined &&
        toMilli(twin.quantity) * (line.pack_units ?? 1) === toMilli(line.quantity) &&
        toKobo(twin.unit_price) === toKobo(line.unit_price)
      );
    });
  if (!isSame)
    throw conflict(COUNTER_MESSAGES.clientSaleIdReused, { client_sale_id: [COUNTER_MESSAGES.clientSaleIdReused] });
  return { answer: await counterSaleAnswer(ctx.db, businessId, earlier.id), isReplay: true };
}

/** The device's clock within bounds: a few minutes ahead of the server's at most, and not older than the limit. */
function soldAtOf(input: RecordCounterSaleInput): Date {
  const soldAt = new Date(input.sold_at);
  const now = Date.now();
  if (soldAt.getTime() > now + COUNTER_MAX_CLOCK_AHEAD_MINUTES * 60_000) {
    throw fieldError('sold_at', COUNTER_MESSAGES.soldAtInFuture);
  }
  if (soldAt.getTime() < now - COUNTER_MAX_SALE_AGE_DAYS * 86_400_000) {
    throw fieldError('sold_at', COUNTER_MESSAGES.soldAtTooOld);
  }
  return soldAt;
}

/** The receipt number's prefix must be the one this business gave this device; answers its sequence. */
async function deviceSequence(tx: Tx, ctx: BusinessContext, input: RecordCounterSaleInput): Promise<number> {
  const [prefix, sequence] = input.receipt_number.split('-');
  const [device] = await tx
    .select({ prefix: counter_devices.prefix })
    .from(counter_devices)
    .where(and(eq(counter_devices.business_id, ctx.businessId), eq(counter_devices.device_id, input.device_id)));
  if (!device || device.prefix !== prefix) throw fieldError('receipt_number', COUNTER_MESSAGES.receiptPrefixUnknown);
  return Number(sequence);
}

/** Who the sale is to: a registered customer of the business, a named walk-in with a phone, or nobody. */
async function customerOf(
  tx: Tx,
  ctx: BusinessContext,
  customer: RecordCounterSaleInput['customer'],
): Promise<{ customer_id: number | null; customer_name: string; customer_phone: string | null }> {
  if (!customer) return { customer_id: null, customer_name: DEFAULT_CUSTOMER_NAME, customer_phone: null };
  if ('id' in customer) {
    try {
      const name = await requireCustomer(tx, ctx.businessId, customer.id);
      return { customer_id: customer.id, customer_name: name, customer_phone: null };
    } catch (error) {
      if (error instanceof AppError) throw fieldError('customer', SALES_MESSAGES.customerNotFound);
      throw error;
    }
  }
  return { customer_id: null, customer_name: customer.name, customer_phone: customer.phone_number };
}

type SaleLineInsert = typeof sale_lines.$inferInsert;

const saleFacts = (saleId: number, receipt: string | null | undefined) => ({
  sale_id: String(saleId),
  ...(receipt ? { receipt_number: receipt } : {}),
});

/** A line is a product sold by the unit, or one of its packs: each appears once in a sale. */
const lineKey = (line: { product_id: number; pack_id?: number | null | undefined }) =>
  `${line.product_id}:${line.pack_id ?? ''}`;

async function sell(tx: Tx, ctx: BusinessContext, input: RecordCounterSaleInput): Promise<number> {
  const { businessId } = ctx;
  const { user } = ctx.actor;
  const sellerName = personName(user).trim();
  const soldAt = soldAtOf(input);
  const totals = counterTotals(input.lines, input.payments);
  if (toKobo(totals.total) > MAX_CART_KOBO) throw fieldError('lines', SALES_MESSAGES.cartTotalTooLarge);
  const sequence = await deviceSequence(tx, ctx, input);
  const customer = await customerOf(tx, ctx, input.customer);

  // The sale's id first: its stock movements name it before its row is written (confirmSale's order).
  const [drawn] = await tx
    .execute<{ id: string }>(
      sql`select nextval(pg_get_serial_sequence(${getTableName(sales)}, ${sales.id.name})) as id`,
    )
    .then((result) => result.rows);
  if (!drawn) throw new Error('No sale id.');
  const saleId = Number(drawn.id);

  // The products held against deletion (KEY SHARE), in ascending id: the order their stock is then taken in.
  // A product may be sold by the unit and by its packs in one sale: held once.
  const ids = [...new Set(input.lines.map((line) => line.product_id))].sort((a, b) => a - b);
  const held = await tx
    .select()
    .from(products)
    .where(and(eq(products.business_id, businessId), inArray(products.id, ids)))
    .orderBy(asc(products.id))
    .for('key share');
  if (held.length !== ids.length) throw fieldError('lines', COUNTER_MESSAGES.productNotSold);
  const currency = held[0]?.currency ?? 'NGN';
  if (held.some((product) => product.currency !== currency)) throw badRequest(MESSAGES.cart.mixedCurrency);
  const productOf = new Map(held.map((product) => [product.id, product]));
  const packs = await packsOf(tx, businessId, ids);

  const linesOfLine = new Map<string, SaleLineInsert[]>();
  const shortfalls: (typeof stock_shortfalls.$inferInsert)[] = [];
  const flags: (typeof price_flags.$inferInsert)[] = [];
  for (const line of [...input.lines].sort((a, b) => a.product_id - b.product_id)) {
    const product = productOf.get(line.product_id);
    if (!product) throw fieldError('lines', COUNTER_MESSAGES.productNotSold);
    let pack: Pack | null = null;
    if (line.pack_id !== undefined && line.pack_id !== null) {
      pack = packs.get(product.id)?.find((each) => each.id === line.pack_id) ?? null;
      // A pack removed since the phone's copy: the clerk takes the line out and sells it again (ADR 0013).
      if (!pack) throw fieldError('lines', UNITS_MESSAGES.packNotFound);
    }
    refuseQuantityOf(product, pack, line.quantity);
    // The ledger counts base units: a carton of 40 takes 40 (ADR 0030).
    const units = fromMilli(toMilli(line.quantity) * (pack?.units ?? 1));
    if (units > 1_000_000) throw fieldError('lines', COUNTER_MESSAGES.quantityMax);
    const net = netUnitKobo(toKobo(line.unit_price), toKobo(line.discount_percentage));
    const lineTotal = lineTotalKobo(net, line.quantity);
    const snapshot = {
      business_id: businessId,
      sale_id: saleId,
      product_id: product.id,
      product_name: product.product_name,
      sku: product.sku,
      pricing_strategy: line.pricing_strategy,
      unit_price: fromKobo(toKobo(line.unit_price)),
      discount_percentage: fromKobo(toKobo(line.discount_percentage)),
      pack_id: pack?.id ?? null,
      pack_name: pack?.name ?? null,
      pack_units: pack?.units ?? null,
    };
    const { taken, missing } = await takeAvailableStock(tx, {
      businessId,
      productId: product.id,
      quantity: units,
      reason: 'sale',
      userId: ctx.actor.userId,
      saleId,
    });
    const shares = splitLineTotal(lineTotal, [
      ...taken.map((part) => part.quantity),
      ...(missing > 0 ? [missing] : []),
    ]);
    const saleLines: SaleLineInsert[] = taken.map((part, index) => ({
      ...snapshot,
      batch_id: part.batchId,
      batch_number: part.batchNumber,
      expiration_date: part.expirationDate,
      quantity: part.quantity,
      cost_price: part.costPrice ?? product.cost_price,
      line_total: fromKobo(shares[index] ?? 0n),
    }));
    if (missing > 0) {
      // Units no batch held: sold all the same, at the product's cost, and owed to the books as a shortfall.
      saleLines.push({
        ...snapshot,
        batch_id: null,
        batch_number: null,
        expiration_date: null,
        quantity: missing,
        cost_price: product.cost_price,
        line_total: fromKobo(shares.at(-1) ?? 0n),
      });
      shortfalls.push({
        business_id: businessId,
        sale_id: saleId,
        product_id: product.id,
        product_name: product.product_name,
        quantity: missing,
        sold_by: ctx.actor.userId,
        sold_by_name: sellerName,
      });
    }
    linesOfLine.set(lineKey(line), saleLines);
    const { listPrice, listDiscount } = listPriceOf(product, pack, line.pricing_strategy);
    if (toKobo(listPrice) !== toKobo(line.unit_price) || toKobo(listDiscount) !== toKobo(line.discount_percentage)) {
      flags.push({
        business_id: businessId,
        sale_id: saleId,
        product_id: product.id,
        product_name: product.product_name,
        charged_unit_price: snapshot.unit_price,
        charged_discount_percentage: snapshot.discount_percentage,
        product_unit_price: listPrice,
        product_discount_percentage: listDiscount,
        sold_by: ctx.actor.userId,
        sold_by_name: sellerName,
      });
    }
  }

  // The sale, its lines, its payments: three statements in that order, so their totals triggers take the
  // report rows in the order every other writer does (confirm-sale.ts, writeSale).
  await tx
    .insert(sales)
    .overridingSystemValue()
    .values({
      business_id: businessId,
      id: saleId,
      cart_id: null,
      payment_status: totals.payment_status,
      currency,
      total_cart_amount: totals.total,
      amount_paid: totals.paid,
      deposit_amount: totals.payment_status === 'partial' ? totals.paid : '0.00',
      ...customer,
      created_by: ctx.actor.userId,
      created_by_name: sellerName,
      created_at: soldAt,
      client_sale_id: input.client_sale_id,
      receipt_number: input.receipt_number,
    });
  // In the order the clerk rang them up, each product's batches soonest expiry first.
  await tx.insert(sale_lines).values(input.lines.flatMap((line) => linesOfLine.get(lineKey(line)) ?? []));
  if (input.payments.length > 0) {
    await tx.insert(payments).values(
      input.payments.map((payment) => ({
        business_id: businessId,
        sale_id: saleId,
        amount: fromKobo(toKobo(payment.amount)),
        method: payment.method,
        recorded_by: ctx.actor.userId,
        created_at: soldAt,
      })),
    );
  }
  if (shortfalls.length > 0) await tx.insert(stock_shortfalls).values(shortfalls);
  if (flags.length > 0) await tx.insert(price_flags).values(flags);
  // Only a flagged sale writes to the activity log: the plain sale path stays as it was.
  await recordActivity(tx, ctx, [
    ...shortfalls.map((shortfall) => ({
      kind: 'counter.shortfall' as const,
      subject: { type: 'product' as const, id: shortfall.product_id, label: shortfall.product_name },
      facts: { quantity: String(shortfall.quantity), ...saleFacts(saleId, input.receipt_number) },
    })),
    ...flags.map((flag) => ({
      kind: 'counter.price_flag' as const,
      subject: { type: 'product' as const, id: flag.product_id, label: flag.product_name },
      changes: changesOf(
        { unit_price: flag.product_unit_price, discount_percentage: flag.product_discount_percentage },
        { unit_price: flag.charged_unit_price, discount_percentage: flag.charged_discount_percentage },
        ['unit_price', 'discount_percentage'],
      ),
      facts: { currency, ...saleFacts(saleId, input.receipt_number) },
    })),
  ]);

  // Last: the device's row is the one lock here no sale of another device waits on.
  await tx
    .update(counter_devices)
    .set({ last_sequence: sql`greatest(${counter_devices.last_sequence}, ${sequence})`, last_seen_at: sql`now()` })
    .where(and(eq(counter_devices.business_id, businessId), eq(counter_devices.device_id, input.device_id)));
  return saleId;
}

/**
 * A product counts in whole units unless it is weighed (ADR 0031), and a pack is sold whole: 2.5 pieces or 1.5
 * cartons is refused with words naming `lines`, as the Sell screen refuses it before (the phone keeps the sale).
 */
function refuseQuantityOf(product: typeof products.$inferSelect, pack: Pack | null, quantity: number): void {
  if (Number.isInteger(quantity)) return;
  if (pack) throw fieldError('lines', UNITS_MESSAGES.packQuantityWhole);
  if (!product.is_weighed) throw fieldError('lines', UNITS_MESSAGES.quantityWholeOf(product.base_unit));
}

/**
 * What the line should have been charged now: the product's price and discount for its strategy, or the pack's
 * own price (a pack's price is what the shop set for it: no discount of the unit's applies, ADR 0030).
 */
function listPriceOf(
  product: typeof products.$inferSelect,
  pack: Pack | null,
  strategy: 'retail' | 'wholesale',
): { listPrice: string; listDiscount: string } {
  if (pack) {
    // The carts' pricing of a pack (the contract's one rule): its own price, none of the unit's discount.
    const price = priceLine(product, { quantity: 1, pricing_strategy: strategy, apply_discount: true }, pack);
    return { listPrice: price.unit_price, listDiscount: price.discount_percentage };
  }
  const isWholesale = strategy === 'wholesale' && product.wholesale_price !== null;
  return {
    listPrice: isWholesale ? (product.wholesale_price as string) : product.selling_price,
    listDiscount: isWholesale ? product.wholesale_price_discount_percentage : product.selling_price_discount_percentage,
  };
}
