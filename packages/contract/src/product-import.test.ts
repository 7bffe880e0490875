import { describe, expect, it } from 'vitest';
import { fieldOfHeading, importFieldLabel, packColumnOfHeading } from './product-import';

describe('pack columns of a sheet', () => {
  it('reads "Pack 2 units" however it is written, up to the pack limit', () => {
    expect(packColumnOfHeading('Pack 2 units')).toEqual({ pack: 2, part: 'units' });
    expect(packColumnOfHeading('pack_1_wholesale_price')).toEqual({ pack: 1, part: 'wholesale_price' });
    expect(packColumnOfHeading(' PACK-3 Selling Price ')).toEqual({ pack: 3, part: 'price' });
    expect(packColumnOfHeading('Pack 10 barcode')).toEqual({ pack: 10, part: 'barcode' });
    expect(packColumnOfHeading('Pack 11 name')).toBeNull();
    expect(packColumnOfHeading('Pack 0 name')).toBeNull();
    expect(packColumnOfHeading('Pack colour')).toBeNull();
  });

  it('names every column the preview shows, the product’s and the packs’', () => {
    expect(fieldOfHeading('UOM')).toBe('base_unit');
    expect(importFieldLabel('base_unit')).toBe('Base unit');
    expect(importFieldLabel('pack_2_wholesale_price')).toBe('Pack 2 wholesale price');
    expect(importFieldLabel('packs')).toBe('Packs');
  });
});
