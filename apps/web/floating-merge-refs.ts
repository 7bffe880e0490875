import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

const SCROLL_AREA = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;
const MERGE_REFS_ONLY = '?merge-refs-only';

/**
 * Mantine's ScrollArea (inside every Modal, and every Table through Table.ScrollContainer) imports one small
 * hook, `useMergeRefs`, from '@floating-ui/react'. That package is one module, so the bundler put the whole of
 * it (15 KB gzip, positioning for menus, tooltips and selects) in a chunk that every page with a ScrollArea
 * loaded. Here ScrollArea's import goes to a module of its own that holds that hook alone, cut from the
 * installed floating-ui.react.mjs (~0.3 KB). It imports nothing but React: a copy of the whole file kept the
 * hook alone after tree-shaking, but its imports still tied floating-ui/dom, core and react-dom (57 KB raw)
 * to ScrollArea, so into the signed-in pages' shared chunk (a chunk group takes its modules' imports along).
 */
export function floatingMergeRefs(): Plugin {
  return {
    name: 'oja-floating-merge-refs',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== '@floating-ui/react' || !importer || !SCROLL_AREA.test(importer)) return;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved ? `${resolved.id}${MERGE_REFS_ONLY}` : undefined;
    },
    async load(id) {
      if (!id.endsWith(MERGE_REFS_ONLY)) return;
      const code = await readFile(id.slice(0, -MERGE_REFS_ONLY.length), 'utf8');
      // The function runs from its declaration to the next top-level declaration.
      const hook = code.match(/^function useMergeRefs\(refs\) \{[\s\S]*?\n\}\n/m)?.[0];
      if (!hook || !/^import \* as React from 'react';$/m.test(code)) {
        this.error('floating-merge-refs: @floating-ui/react no longer has useMergeRefs as this plugin expects it.');
      }
      return `import * as React from 'react';\n${hook}export { useMergeRefs };\n`;
    },
  };
}
