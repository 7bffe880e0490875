import type { CatalogueProduct } from '@oja/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exactMatch, exactPack, productSearch, searchProducts } from './product-search';

const product = (id: number, name: string, sku: string, barcode: string | null = null): CatalogueProduct => ({
  id,
  product_name: name,
  sku,
  barcode,
  currency: 'NGN',
  selling_price: '100.00',
  selling_price_discount_percentage: '0.00',
  wholesale_price: null,
  wholesale_price_discount_percentage: '0.00',
  cost_price: null,
  stock_quantity: 10,
  next_expiry: null,
  is_removed: false,
  version: 1,
});

/** The rule as it reads, over the whole copy each time: what the index must answer, only faster. */
function byTheRule(products: readonly CatalogueProduct[], typed: string, limit = 30): CatalogueProduct[] {
  const query = typed.trim().toLowerCase();
  if (!query) return [];
  const names = new Intl.Collator();
  const byName = (a: CatalogueProduct, b: CatalogueProduct) => names.compare(a.product_name, b.product_name);
  const code = (p: CatalogueProduct) => p.barcode?.toLowerCase() === query || p.sku.toLowerCase() === query;
  const starts = (p: CatalogueProduct) =>
    p.product_name.toLowerCase().startsWith(query) || p.sku.toLowerCase().startsWith(query);
  const contains = (p: CatalogueProduct) =>
    [p.product_name, p.sku, p.barcode ?? ''].some((field) => field.toLowerCase().includes(query));
  const exact = products.filter(code).sort(byName);
  const first = products.filter((p) => !code(p) && starts(p)).sort(byName);
  const then = products.filter((p) => !code(p) && !starts(p) && contains(p)).sort(byName);
  return [...exact, ...first, ...then].slice(0, limit);
}

const rice = product(1, 'Rice 1kg', 'SKU-1', '5901234123457');
const milk = product(2, 'Peak Milk', 'SKU-2');
const beans = product(3, 'Beans', 'RICE-BEANS');

describe("the Sell screen's search over the copy", () => {
  it('finds an exact barcode or SKU first, then names and SKUs that start with it, then the rest, by name', () => {
    const search = productSearch([beans, milk, rice]);
    expect(searchProducts(search, 'rice').map((each) => each.id)).toEqual([3, 1]);
    expect(searchProducts(search, '5901234123457').map((each) => each.id)).toEqual([1]);
    expect(searchProducts(search, 'milk').map((each) => each.id)).toEqual([2]);
    expect(searchProducts(search, '  ')).toEqual([]);
    expect(exactMatch(search, '5901234123457')).toBe(rice);
    expect(exactMatch(search, 'rice-beans')).toBe(beans);
    expect(exactMatch(search, 'rice')).toBeNull();
  });

  it('answers as the rule does for any copy and any query, limits included', () => {
    // Few letters, so that names, SKUs and barcodes share prefixes and codes, and the lists fill up.
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'A', 'c', '1', '-'), minLength: 1, maxLength: 4 });
    const copy = fc.uniqueArray(fc.record({ name: word, sku: word, barcode: fc.option(word, { nil: null }) }), {
      maxLength: 60,
      selector: (each) => each.sku,
    });
    fc.assert(
      fc.property(copy, word, fc.integer({ min: 1, max: 12 }), (rows, typed, limit) => {
        const products = rows.map((row, index) => product(index + 1, row.name, row.sku, row.barcode));
        const ids = (found: CatalogueProduct[]) => found.map((each) => each.id);
        expect(ids(searchProducts(productSearch(products), typed, limit))).toEqual(
          ids(byTheRule(products, typed, limit)),
        );
      }),
      { numRuns: 500 },
    );
  });
});

describe('a pack’s barcode', () => {
  it('names the pack and its product', () => {
    const carton = {
      id: 9,
      name: 'carton',
      units: 24,
      selling_price: '2300.00',
      wholesale_price: null,
      barcode: 'CTN-24',
    };
    const sugar = { ...product(77, 'Sugar', 'SUG-1'), packs: [carton] };
    const search = productSearch([sugar]);
    expect(exactPack(search, ' ctn-24 ')).toEqual({ product: sugar, pack: carton });
    expect(exactPack(search, 'nothing')).toBeNull();
  });
});
