import { fromKobo, type SaleDetail, toKobo } from '@oja/contract';

type ReceiptLine = { key: string; name: string; quantity: number; netUnitPrice: string; total: string };

/** Lines split over batches print as one: the customer bought the product, not the batches. */
export function receiptLines(sale: SaleDetail): ReceiptLine[] {
  const lines = new Map<string, ReceiptLine>();
  for (const line of sale.lines) {
    const key = `${line.product_id}:${line.net_unit_price}`;
    const same = lines.get(key);
    if (same) {
      same.quantity += line.quantity;
      same.total = fromKobo(toKobo(same.total) + toKobo(line.line_total));
    } else {
      lines.set(key, {
        key,
        name: line.product_name,
        quantity: line.quantity,
        netUnitPrice: line.net_unit_price,
        total: line.line_total,
      });
    }
  }
  return [...lines.values()];
}
