import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');

async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sources(path);
      return Promise.resolve(path.endsWith('.tsx') ? [path] : []);
    }),
  );
  return nested.flat();
}

describe('DateField', () => {
  it('is the only date input of the app: no screen draws a bare type="date" that reads 12/05/2026', async () => {
    const bare: string[] = [];
    for (const file of await sources(SRC)) {
      if (file.endsWith('date-field.tsx')) continue;
      if (/type=["{']+date["}']/.test(await readFile(file, 'utf8'))) bare.push(relative(SRC, file));
    }
    expect(bare).toEqual([]);
  });
});
