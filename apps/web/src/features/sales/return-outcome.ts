import {
  fromKobo,
  isMoneyString,
  PAYMENT_METHODS,
  type PaymentMethod,
  type ReturnSaleFormValues,
  returnedValueKobo,
  type SaleDetail,
  toKobo,
} from '@oja/contract';

/**
 * What the return leaves, computed as the server will (kobo, never a float): the value of the units chosen at
 * their lines' net price, and the sale's total, paid and balance after it. Null while a figure typed is not one.
 */
export function returnOutcome(sale: SaleDetail, values: ReturnSaleFormValues) {
  let valueKobo = 0n;
  let units = 0;
  let unitsLeft = 0;
  for (const wanted of values.lines) {
    const line = sale.lines.find((candidate) => candidate.id === wanted.sale_line_id);
    if (!line) continue;
    unitsLeft += wanted.left;
    // An emptied field keeps the line's units, as 0 does.
    const quantity = wanted.quantity === '' ? 0 : wanted.quantity;
    if (!Number.isInteger(quantity) || quantity < 0 || quantity > wanted.left) return null;
    valueKobo += returnedValueKobo(line, quantity);
    units += quantity;
  }
  const refunds = refundsOf(values);
  if (!refunds) return null;
  const refundKobo = refunds.reduce((sum, refund) => sum + toKobo(refund.amount), 0n);
  const totalKobo = toKobo(sale.total_cart_amount) - valueKobo;
  const paidKobo = toKobo(sale.amount_paid) - refundKobo;
  const owedKobo = totalKobo - paidKobo;
  const owedBefore = toKobo(sale.balance);
  return {
    value: fromKobo(valueKobo),
    /** The refund over every method, and what of the value comes off the debt instead. */
    refunded: fromKobo(refundKobo),
    offDebt: fromKobo(valueKobo - refundKobo),
    refunds,
    total: fromKobo(totalKobo),
    paid: fromKobo(paidKobo),
    balance: fromKobo(owedKobo),
    /** The least refund the return takes: what of its value the customer already paid. */
    leastRefund: fromKobo(valueKobo > owedBefore ? valueKobo - owedBefore : 0n),
    isEverything: units > 0 && units === unitsLeft,
    status: owedKobo === 0n ? 'paid' : paidKobo > 0n ? 'partial' : 'not_paid',
    /** What the server would refuse, said before it is sent. */
    problem:
      owedKobo < 0n
        ? 'refundTooSmall'
        : paidKobo < 0n
          ? 'moreThanPaid'
          : refundKobo > valueKobo
            ? 'moreThanReturned'
            : null,
    isValid: units > 0 && refundKobo <= valueKobo && paidKobo >= 0n && owedKobo >= 0n,
  } as const;
}

/**
 * The refunds the request sends: each method with an amount above zero, in the contract's order. Null while an
 * amount typed is not one.
 */
export function refundsOf(values: ReturnSaleFormValues): { method: PaymentMethod; amount: string }[] | null {
  const refunds: { method: PaymentMethod; amount: string }[] = [];
  for (const method of PAYMENT_METHODS) {
    const amount = values.refunds[method].trim();
    if (amount === '') continue;
    if (!isMoneyString(amount)) return null;
    if (toKobo(amount) > 0n) refunds.push({ method, amount });
  }
  return refunds;
}
