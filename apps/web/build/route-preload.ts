import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { minifySync, type Plugin } from 'vite';
// The contract's files themselves: this runs in the build's config, where Node would not load the package's TypeScript.
import { API_PREFIX, CSRF_COOKIE, ROUTE_PRELOAD_FILE } from '../../../packages/contract/src/constants';
import { EARLY_ANSWERS_ID, type PreloadReads, startReadsFor } from '../../../packages/contract/src/early-reads';
import { ACCOUNT_ENDPOINTS } from '../../../packages/contract/src/endpoints/accounts';
import { BUSINESS_ENDPOINTS } from '../../../packages/contract/src/endpoints/businesses';
import { CATALOGUE_ENDPOINTS } from '../../../packages/contract/src/endpoints/counter';
import { STOCK_ENDPOINTS } from '../../../packages/contract/src/endpoints/stock';
import { COPY_KEPT_KEY } from '../src/features/counter/copy-kept';
import { INVENTORY_LIST, productFilters } from '../src/features/inventory/inventory-view';
import { EARLY_READS, startEarlyReads } from '../src/lib/early-reads';
import { readListState } from '../src/ui/list-view';
import { routeModules } from './routes';

/** A page's files: indices into the names, `>= 0` a module to preload, `< 0` a style sheet (`-1 - index`). */
type PreloadRoutes = [pattern: string, files: number[]][];

/**
 * Starts the download of the page's own chunks, and the reads of its first screen, together with the entry's,
 * instead of after it.
 *
 * Every page is a lazy chunk (router.tsx), so on a full load the phone fetched index.html, then the entry and
 * its imports, ran them, and only then asked for the page's chunk and its Mantine inputs: a
 * second round of requests on a slow network before the first paint. The build writes each route's chunks
 * (from router.tsx, the same reading as the bundle budget's) to `route-preload.json`, and the server names the
 * path's chunks and style sheets in the page's Link header (apps/server/src/platform/page-preload.ts), so the
 * phone asks for them as the page's headers arrive. The more specific pattern wins (fewer parameters first:
 * /business/:slug before an invite link's /:businessSlug/:role).
 *
 * With a session, a script inline in index.html also starts the reads the first screen waits for
 * (src/lib/early-reads.ts, where it is written as a tested function). As a file of its own it was one more
 * request in flight while the entry downloads, and the reads waited for that file's round trip: inline,
 * /login's first paint comes sooner. The server allows
 * exactly this script by its hash in the Content-Security-Policy (security-headers.ts), which otherwise allows
 * no inline script. The same table of reads goes to the server in `route-preload.json`: it answers them inside
 * a signed-in page (apps/server/src/platform/page-reads.ts), and the script takes those answers instead of
 * asking.
 */
export function routePreload(): Plugin {
  return {
    name: 'oja-route-preload',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset') return;
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) return;
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (fileName: string, files: Set<string>, css: Set<string>) => {
          if (files.has(fileName)) return;
          const chunk = byFile.get(fileName);
          if (!chunk) return;
          files.add(fileName);
          for (const style of chunk.viteMetadata?.importedCss ?? []) css.add(style);
          for (const imported of chunk.imports) closure(imported, files, css);
        };
        // What index.html already loads: the entry and its static imports (Vite's own modulepreload links).
        const loaded = new Set<string>();
        const loadedCss = new Set<string>();
        closure(entry.fileName, loaded, loadedCss);

        const root = resolve(import.meta.dirname, '..');
        const chunkOf = (module: string) => {
          const id = resolve(root, module);
          return (
            chunks.find((chunk) => chunk.facadeModuleId === id) ?? chunks.find((chunk) => chunk.moduleIds.includes(id))
          );
        };
        const names: string[] = [];
        const indexOf = (file: string) => {
          const at = names.indexOf(file);
          return at >= 0 ? at : names.push(file) - 1;
        };
        const routes = routeModules(readFileSync(resolve(root, 'src/router.tsx'), 'utf8'))
          .filter(({ route }) => route.startsWith('/'))
          .map(({ route, modules }) => {
            const files = new Set<string>();
            const css = new Set<string>();
            for (const module of modules) {
              const chunk = chunkOf(module);
              if (chunk) closure(chunk.fileName, files, css);
            }
            const params = route.split('/').filter((part) => part.startsWith(':')).length;
            const pattern = `^${route.replace(/:[^/]+/g, '[^/]+')}/?$`;
            const preload = [
              ...[...files].filter((file) => !loaded.has(file)).map(indexOf),
              ...[...css].filter((file) => !loadedCss.has(file)).map((file) => -1 - indexOf(file)),
            ];
            return { params, entry: [pattern, preload] as PreloadRoutes[number] };
          })
          .sort((a, b) => a.params - b.params)
          .map((route) => route.entry);

        // What a signed-in first screen waits for: the profile (every page's guards), the business of a
        // business's or an area's address (its layout: business-shell.tsx); the CEO dashboard's list of
        // businesses; the inventory's first page of products, once the business has answered with its id
        // (the default view's filters, as useProducts asks for them: `business_id` first, then the filters).
        const bySlug = `${API_PREFIX}${BUSINESS_ENDPOINTS.getBusinessBySlug.path}`;
        const products = `${API_PREFIX}${STOCK_ENDPOINTS.listProducts.path}`;
        const firstPage = Object.fromEntries(
          Object.entries(productFilters(readListState(INVENTORY_LIST, new URLSearchParams()))).map(([name, value]) => [
            name,
            String(value),
          ]),
        );
        const productsOf = (read: number) => ({ read, field: 'business.id', query: firstPage });
        // The Sell screen's first copy of the catalogue (features/counter/catalogue.ts), asked as the first copy
        // asks (`business_id` alone), on a phone that keeps none of this business: it is the screen's longest
        // wait, and here it starts as the page arrives instead of after the app's start and the store's opening.
        const catalogue = `${API_PREFIX}${CATALOGUE_ENDPOINTS.getCatalogue.path}`;
        const copyOf = (read: number) => ({ read, field: 'business.id', query: {}, unlessKept: COPY_KEPT_KEY });
        const reads: PreloadReads = [
          ['', `${API_PREFIX}${ACCOUNT_ENDPOINTS.profile.path}`],
          ['^/business/([^/]+)', bySlug, 'slug'],
          ['^/([^/]+)/(?:employee|customer)(?:/|$)', bySlug, 'slug'],
          ['^/dashboard/?$', `${API_PREFIX}${BUSINESS_ENDPOINTS.listBusinesses.path}`],
          ['^/business/[^/]+/inventory/?$', products, 'business_id', productsOf(1)],
          ['^/[^/]+/employee/inventory/?$', products, 'business_id', productsOf(2)],
          ['^/business/[^/]+/sell/?$', catalogue, 'business_id', copyOf(1)],
          ['^/[^/]+/employee/sell/?$', catalogue, 'business_id', copyOf(2)],
        ];
        const args = [reads, CSRF_COOKIE, EARLY_READS, EARLY_ANSWERS_ID].map((value) => JSON.stringify(value));
        // Minified (Vite's own oxc minifier): it travels inside every page load, comments and all otherwise.
        const { code, errors } = minifySync(
          'early-reads.js',
          `(${String(startEarlyReads)})(${args.join(',')},${String(startReadsFor)});`,
        );
        if (errors.length > 0) throw new Error(`The early reads' script: ${errors.map((e) => e.message).join('; ')}`);
        const source = code.trim();
        // Nothing in the table may end the script element early.
        if (/<\/script/i.test(source)) throw new Error("The early reads' script would end its <script> element.");
        // The same routes for the server, which names the path's files in the page's Link header (app.ts,
        // page-preload.ts): the phone then asks for them with the entry. And the same reads, which it answers
        // inside the page when the request carries a session (page-reads.ts).
        this.emitFile({
          type: 'asset',
          fileName: ROUTE_PRELOAD_FILE,
          source: JSON.stringify({ names, routes, reads }),
        });
        // Before the style sheet's link: a script after it would wait for the style sheet to arrive.
        const script = `<script>${source}</script>`;
        // A function, not a string: the script's own `$` would be read as replacement patterns (`$\``).
        html.source = String(html.source).replace('</title>', () => `</title>\n    ${script}`);
      },
    },
  };
}
