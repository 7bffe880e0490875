import type { Plugin } from 'vite';

const WEB_SOURCE = /[\\/]apps[\\/]web[\\/]src[\\/]/;
/** The web's modules that hand out the contract's schemas (`features/auth/schemas.ts`...). */
const SCHEMA_MODULE = /[\\/]schemas\.tsx?$/;
const CONTRACT_SOURCE = /[\\/]packages[\\/]contract[\\/]src[\\/]/;
const VIEW = '?values';

const clean = (id: string) => id.replace(/\?.*$/, '');

/**
 * The contract as the pages see it: its constants, messages and helpers, without its schemas.
 *
 * A bundler puts each module in one chunk. A contract module holds both what pages show (ROLE_LABELS,
 * ERROR_CODES, formatting helpers) and the zod schemas that the forms validate with; the schemas that any
 * form used kept zod in the chunk of every page that only read a label (~19 KB gzip: /dashboard added
 * 58.6 KB of JS to /login with it, 37.7 KB without). So the build holds the contract twice: the web's
 * modules import a copy of it (the same files, under `?values`) in which no schema is ever used, so that
 * contract-pure.ts leaves them all out, zod with them; the schemas come from the real one, through the
 * `schemas.ts` modules, which a form loads when it is first used (ui/validate-on-demand.ts) or a page when
 * it needs a schema to render (ui/use-on-demand.ts). What both copies hold (MESSAGES, a few helpers) is
 * downloaded twice by a page that loads a form's rules. A page that imported a schema from '@oja/contract'
 * itself would get the copy's schema, and zod with it: correct, only heavier (the bundle budget shows it).
 * The copy keeps no state: nothing in the contract does (zod-config.ts's settings are not part of the web
 * build either way).
 */
export function contractValues(): Plugin {
  return {
    name: 'oja-contract-values',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer) return;
      const from = clean(importer);
      const wanted =
        (source === '@oja/contract' && WEB_SOURCE.test(from) && !SCHEMA_MODULE.test(from)) ||
        (importer.endsWith(VIEW) && CONTRACT_SOURCE.test(from) && source.startsWith('.'));
      if (!wanted) return;
      const resolved = await this.resolve(source, from, { ...options, skipSelf: true });
      if (!resolved || !CONTRACT_SOURCE.test(resolved.id)) return resolved;
      return { ...resolved, id: `${resolved.id}${VIEW}`, moduleSideEffects: false };
    },
  };
}
