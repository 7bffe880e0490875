import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder, found from wherever this code runs (the sources
 * under src/ in tests, the bundle under dist/ in production), so that the
 * migrations and the built web app are located the same way in both.
 */
function serverRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === '@oja/server') return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @oja/server package folder.');
    dir = parent;
  }
}

export const migrationsDir = () => join(serverRoot(), 'drizzle');
export const webDistDir = () => resolve(serverRoot(), '..', 'web', 'dist');
