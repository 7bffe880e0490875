import type { CatalogueProduct, Pack } from '@oja/contract';

/**
 * The device's copy laid out for searching while the clerk types: lowercased once, in name order once, and its
 * barcodes and SKUs in a map. A key typed then costs one pass over the copy at most (no sort, no case folding)
 * and stops as soon as the list of results is full, which is what keeps a cheap phone's keyboard from lagging
 * over thousands of products.
 */
export type ProductSearch = {
  readonly byName: readonly Entry[];
  /** Barcodes and SKUs, lowercased: what a scanner types names its product at once. */
  readonly byCode: ReadonlyMap<string, readonly CatalogueProduct[]>;
  /** Packs' barcodes, lowercased: a scanned carton adds the carton (ADR 0030). */
  readonly byPackCode: ReadonlyMap<string, { product: CatalogueProduct; pack: Pack }>;
};

type Entry = { product: CatalogueProduct; name: string; sku: string; barcode: string | null };

const names = new Intl.Collator();

/**
 * How many products a search shows: a phone's screen holds about ten under the search box, and every row more is
 * drawn at each key typed; a clerk who does not see the product types on.
 */
export const FOUND_AT_MOST = 12;

export function productSearch(products: readonly CatalogueProduct[]): ProductSearch {
  const byName: Entry[] = products.map((product) => ({
    product,
    name: product.product_name.toLowerCase(),
    sku: product.sku.toLowerCase(),
    barcode: product.barcode?.toLowerCase() ?? null,
  }));
  byName.sort((a, b) => names.compare(a.product.product_name, b.product.product_name));
  const byCode = new Map<string, CatalogueProduct[]>();
  const file = (code: string, product: CatalogueProduct) => {
    const found = byCode.get(code);
    if (found?.includes(product)) return;
    if (found) found.push(product);
    else byCode.set(code, [product]);
  };
  const byPackCode = new Map<string, { product: CatalogueProduct; pack: Pack }>();
  for (const entry of byName) {
    if (entry.barcode) file(entry.barcode, entry.product);
    file(entry.sku, entry.product);
    for (const pack of entry.product.packs ?? []) {
      if (pack.barcode) byPackCode.set(pack.barcode.toLowerCase(), { product: entry.product, pack });
    }
  }
  return { byName, byCode, byPackCode };
}

/**
 * The products that match what was typed: the exact barcode or SKU first (what a hardware scanner types), then
 * names and SKUs that start with it, then those that contain it (in a name, a SKU or a barcode), each by name.
 */
export function searchProducts(search: ProductSearch, typed: string, limit = FOUND_AT_MOST): CatalogueProduct[] {
  const query = typed.trim().toLowerCase();
  if (!query) return [];
  const exact = search.byCode.get(query) ?? [];
  const room = limit - exact.length;
  const starts: CatalogueProduct[] = [];
  const contains: CatalogueProduct[] = [];
  for (const entry of search.byName) {
    // Those that start with it come before any that only contain it: once there are enough, the rest can wait.
    if (starts.length >= room) break;
    if (entry.barcode === query || entry.sku === query) continue;
    if (entry.name.startsWith(query) || entry.sku.startsWith(query)) starts.push(entry.product);
    else if (
      contains.length < room &&
      (entry.name.includes(query) || entry.sku.includes(query) || entry.barcode?.includes(query))
    ) {
      contains.push(entry.product);
    }
  }
  return [...exact, ...starts, ...contains].slice(0, limit);
}

/** The one product a scanner's code (or an exact SKU) names, if exactly one does. */
export function exactMatch(search: ProductSearch, typed: string): CatalogueProduct | null {
  const found = search.byCode.get(typed.trim().toLowerCase()) ?? [];
  return found.length === 1 ? (found[0] as CatalogueProduct) : null;
}

/** The pack a scanner's code names, if one does (a pack's barcode is unique in the business). */
export function exactPack(search: ProductSearch, typed: string): { product: CatalogueProduct; pack: Pack } | null {
  return search.byPackCode.get(typed.trim().toLowerCase()) ?? null;
}
