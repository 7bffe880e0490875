import { describe, expect, it } from 'vitest';
import { slugify } from './slug';

describe('slugify', () => {
  it('makes a readable URL segment from a business name', () => {
    expect(slugify("Mama Ngozi's Provisions & Drinks")).toBe('mama-ngozi-s-provisions-and-drinks');
    expect(slugify('  Café  Lagos  ')).toBe('cafe-lagos');
    expect(slugify('!!!')).toBe('business');
    expect(slugify('a'.repeat(80))).toHaveLength(50);
  });
});
