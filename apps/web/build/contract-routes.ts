import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Plugin, runnerImport } from 'vite';

const ENDPOINTS_DIR = resolve(import.meta.dirname, '../../../packages/contract/src/endpoints');
/**
 * The contract's endpoint groups: every file of packages/contract/src/endpoints but its index, each exporting
 * its `*_ENDPOINTS` tables. Listed from the folder, so that a new group can never be bundled whole.
 */
const GROUPS = readdirSync(ENDPOINTS_DIR)
  .filter((file) => file.endsWith('.ts') && file !== 'index.ts')
  .map((file) => file.slice(0, -'.ts'.length));
const GROUP_FILE = /[\\/]packages[\\/]contract[\\/]src[\\/]endpoints[\\/]([\w-]+)\.ts$/;

/**
 * The browser's copy of the contract's endpoint tables: each entry's `method` and `path` alone.
 *
 * The web client only ever reads those two (`requestOf` in lib/api.ts); the entries' `input`, `response` and
 * `headers` are zod schemas for the server and for the types. Bundled as they are, every page that calls the
 * API carried zod's classic API and the schemas of its whole domain: on the first visit of /login that was
 * zod (~25 KB gzip) and the account schemas in the entry chunk, for two paths. The tables are read from the
 * contract itself when the build starts, so paths and methods have one source; the types still come from the
 * real source (TypeScript does not see this), and the unit tests (vitest.config.ts) use the full entries.
 * `vite` (dev) reads them when it starts: restart it after changing an entry's path or method.
 */
export function contractRoutes(): Plugin {
  const tables = new Map<string, string>();
  return {
    name: 'oja-contract-routes',
    enforce: 'pre',
    async buildStart() {
      for (const group of GROUPS) {
        const file = resolve(ENDPOINTS_DIR, `${group}.ts`);
        const { module } = await runnerImport<Record<string, Record<string, { method: string; path: string }>>>(file);
        const lines = Object.entries(module).map(([name, table]) => {
          const routes = Object.fromEntries(
            Object.entries(table).map(([key, entry]) => {
              // Anything but a table of entries (a helper exported beside it) would be lost here: stop the build.
              if (typeof entry?.method !== 'string' || typeof entry.path !== 'string')
                throw new Error(`${file}: ${name}.${key} is not an endpoint entry; contract-routes.ts needs updating.`);
              return [key, { method: entry.method, path: entry.path }];
            }),
          );
          return `export const ${name} = ${JSON.stringify(routes)};`;
        });
        tables.set(group, lines.join('\n'));
      }
    },
    load(id) {
      // The pages' copy of the contract (contract-values.ts) is the same file under a query.
      const group = GROUP_FILE.exec(id.replace(/\?.*$/, ''))?.[1];
      return group ? tables.get(group) : undefined;
    },
  };
}
