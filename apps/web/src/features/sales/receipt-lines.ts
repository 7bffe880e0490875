import { addQuantities, countOf, formatUnits, fromKobo, type SaleDetail, type SaleLine, toKobo } from '@oja/contract';

type ReceiptLine = { key: string; name: string; quantity: number | string; netUnitPrice: string; total: string };

/**
 * Lines split over batches print as one: the customer bought the product, not the batches. A pack line prints as
 * it was sold, "1 carton" at the carton's price (ADR 0030); a weighed line with its unit, "0.75 kg" (ADR 0031).
 */
export function receiptLines(sale: SaleDetail): ReceiptLine[] {
  const lines = new Map<string, ReceiptLine>();
  // The units of each printed line so far, by its key (a pack's, or a product's at one price).
  const packs = new Map<string, number>();
  for (const line of sale.lines) {
    if (line.pack_id && line.pack_name && line.pack_units) {
      const key = `${line.product_id}:pack:${line.pack_id}:${line.unit_price}`;
      const units = (packs.get(key) ?? 0) + line.quantity;
      packs.set(key, units);
      const same = lines.get(key);
      lines.set(key, {
        key,
        name: line.product_name,
        quantity: countOf(units / line.pack_units, line.pack_name),
        netUnitPrice: line.unit_price,
        total: same ? fromKobo(toKobo(same.total) + toKobo(line.line_total)) : line.line_total,
      });
      continue;
    }
    const key = `${line.product_id}:${line.net_unit_price}`;
    const units = addQuantities(packs.get(key) ?? 0, line.quantity);
    packs.set(key, units);
    const same = lines.get(key);
    lines.set(key, {
      key,
      name: line.product_name,
      quantity: line.is_weighed && line.base_unit ? countOf(units, line.base_unit) : units,
      netUnitPrice: line.net_unit_price,
      total: same ? fromKobo(toKobo(same.total) + toKobo(line.line_total)) : line.line_total,
    });
  }
  return [...lines.values()];
}

/**
 * A count of a line's base units: in its pack where it was sold by one ("1 carton", or "1 carton + 5 packs" for
 * the part of a carton one batch gave), and a plain number for a line sold by the unit, as before packs.
 */
export function unitsOfLine(
  line: Pick<SaleLine, 'pack_name' | 'pack_units' | 'base_unit'>,
  units: number,
): string | number {
  if (!line.pack_name || !line.pack_units) return units;
  return formatUnits(units, line.base_unit ?? 'unit', [{ name: line.pack_name, units: line.pack_units }]);
}
