import {
  fromKobo,
  isMoneyString,
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
  const refund = values.refund_amount.trim();
  if (refund !== '' && !isMoneyString(refund)) return null;
  const refundKobo = refund === '' ? 0n : toKobo(refund);
  const totalKobo = toKobo(sale.total_cart_amount) - valueKobo;
  const paidKobo = toKobo(sale.amount_paid) - refundKobo;
  const owedKobo = totalKobo - paidKobo;
  const owedBefore = toKobo(sale.balance);
  return {
    value: fromKobo(valueKobo),
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
