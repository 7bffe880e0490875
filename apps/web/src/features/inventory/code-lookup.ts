import type { Product } from '@oja/contract';

/**
 * The product whose SKU or barcode is `code` itself, any case (as the server's search compares them): what a
 * hardware scanner's Enter, or a code typed whole, means to open. The server's search puts such a product first.
 */
export function exactCodeMatch(products: readonly Product[], code: string): Product | undefined {
  const wanted = code.trim().toLowerCase();
  if (!wanted) return undefined;
  return products.find((product) => product.sku.toLowerCase() === wanted || product.barcode?.toLowerCase() === wanted);
}
