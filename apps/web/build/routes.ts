/**
 * The route table's pages as router.tsx declares them (each page a lazy `import()`, a layout's children inside
 * it). The build names each route's chunks from it (route-preload.ts); the bundle budget (bench/src/web) sizes
 * each route with the same reading.
 */

/** The route table's pages, each with its full path and its modules (its layouts' and its own), read from router.tsx. */
export function routeModules(routerSource: string): { route: string; modules: string[] }[] {
  const found: { route: string; modules: string[] }[] = [];
  const importAt = /import\('(\.\/[^']+)'\)/g;
  const layouts: { module: string; path: string; end: number }[] = [];
  for (let match = importAt.exec(routerSource); match; match = importAt.exec(routerSource)) {
    const module = `src/${match[1]?.slice(2)}.tsx`;
    while (layouts.length > 0 && (layouts.at(-1)?.end ?? 0) < match.index) layouts.pop();
    const own = pathOf(routerSource, match.index);
    const parent = layouts.findLast((layout) => layout.path)?.path ?? '';
    const path = own.startsWith('/') ? own : [parent, own].filter(Boolean).join('/');
    // A layout: `Component: page(() => import(...)), children: [ ... ]`; its children end at the matching bracket.
    const after = routerSource.slice(importAt.lastIndex, importAt.lastIndex + 40);
    const children = after.match(/^\),\s*children:\s*\[/);
    const modules = [...layouts.map((layout) => layout.module), module];
    if (children) {
      // A layout never shows alone: its size counts in each of its children's rows.
      const end = matchingBracket(routerSource, importAt.lastIndex + children[0].length - 1);
      layouts.push({ module, path, end });
    } else {
      found.push({ route: path, modules });
    }
  }
  return found;
}

function matchingBracket(source: string, open: number): number {
  let depth = 0;
  for (let index = open; index < source.length; index++) {
    if (source[index] === '[') depth++;
    if (source[index] === ']' && --depth === 0) return index;
  }
  return source.length;
}

/** The route's own `path:` in the object around its import ('' for an index route or a pathless layout). */
function pathOf(source: string, at: number): string {
  const objectStart = source.lastIndexOf('{', at);
  return source.slice(objectStart, at).match(/path:\s*'([^']*)'/)?.[1] ?? '';
}
