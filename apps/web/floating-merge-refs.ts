import type { Plugin } from 'vite';

const SCROLL_AREA = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;

/**
 * Mantine's ScrollArea (inside every Modal and the business layout's navigation) imports one small hook,
 * `useMergeRefs`, from '@floating-ui/react'. That package is one module, so the bundler put the whole of it
 * (15 KB gzip, positioning for menus, tooltips and selects) in a chunk that every page with a ScrollArea
 * loaded. Here ScrollArea's import goes to a second copy of the same file (its own module id), from which
 * the bundler keeps that hook alone (~0.3 KB); menus and tooltips still share the one full chunk.
 */
export function floatingMergeRefs(): Plugin {
  return {
    name: 'oja-floating-merge-refs',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== '@floating-ui/react' || !importer || !SCROLL_AREA.test(importer)) return;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved ? `${resolved.id}?merge-refs-only` : undefined;
    },
  };
}
