import { describe, expect, it } from 'vitest';
import { socketDirFor } from '../../src/db/embedded';

describe("the embedded PostgreSQL's Unix socket", () => {
  it("lives in the cluster's own directory", () => {
    expect(socketDirFor('/home/ada/oja/data/postgres', 41709)).toBe('/home/ada/oja/data/postgres');
  });

  it('is left out, for TCP alone, when its path would pass the kernel’s 107 bytes', () => {
    // "/.s.PGSQL.41709" is 15 bytes: a directory of 92 bytes is the longest that fits.
    const fits = `/${'d'.repeat(91)}`;
    expect(socketDirFor(fits, 41709)).toBe(fits);
    expect(socketDirFor(`${fits}x`, 41709)).toBeUndefined();
    // Bytes, not characters: "é" is two.
    expect(socketDirFor(`/${'d'.repeat(90)}é`, 41709)).toBeUndefined();
  });

  it("is left out when PostgreSQL's list of socket directories would split or unquote the path", () => {
    for (const dir of ['/data/shop,2/postgres', '/data/"shop"/postgres', '/data/shop\\2/postgres', '/data/postgres ']) {
      expect(socketDirFor(dir, 41709)).toBeUndefined();
    }
    expect(socketDirFor('/data/my shop/postgres', 41709)).toBe('/data/my shop/postgres');
  });
});
