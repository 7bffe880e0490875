import type { Product } from '@oja/contract';
import { describe, expect, it } from 'vitest';
import { exactCodeMatch } from './code-lookup';

const product = (id: number, sku: string, barcode?: string | null) => ({ id, sku, barcode }) as Product;

describe('exactCodeMatch', () => {
  const products = [product(1, 'RICE-5', '6151100000011'), product(2, 'MILO-1', null), product(3, 'CODE-9')];

  it('finds the product whose barcode or SKU is the code, any case, trimmed', () => {
    expect(exactCodeMatch(products, ' 6151100000011 ')?.id).toBe(1);
    expect(exactCodeMatch(products, 'milo-1')?.id).toBe(2);
    expect(exactCodeMatch(products, 'code-9')?.id).toBe(3);
  });

  it('finds none for a part of a code, or for nothing typed', () => {
    expect(exactCodeMatch(products, '61511')).toBeUndefined();
    expect(exactCodeMatch(products, 'RICE')).toBeUndefined();
    expect(exactCodeMatch(products, '  ')).toBeUndefined();
  });
});
