import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inlineScripts } from '@oja/server/bench-web';
import { formatBundle, measureBundle, overBudget } from './bundle';

/** Results go to stdout; warnings and errors to stderr. */
const print = (text: string) => process.stdout.write(`${text}\n`);

/**
 * The bundle budget, on an existing build (`npm run budget:web -w bench`, about a second; `npm test`
 * runs it right after its build): the first visit of /login and what each route adds on top of it,
 * against bundle.ts's BUDGET (issue 14's targets, or where bundle.ts says why one is missed, the figure as
 * measured). Prints the sizes, and fails when the budget is exceeded.
 */
const report = measureBundle();
print(formatBundle(report));
const breaches = overBudget(report);
if (breaches.length > 0) {
  console.error(`\nThe web bundle is over its budget:\n${breaches.map((line) => `- ${line}`).join('\n')}`);
  console.error(`Find what lands in the chunks: ${report.distDir}/.vite/manifest.json, or bench/README.md.`);
  process.exit(1);
}

// index.html's inline script (the early reads) is written as a string by a build plugin
// (apps/web/build/route-preload.ts), where no type check or linter sees it: a syntax error there would silently cost
// every signed-in first visit its early reads.
const html = readFileSync(join(report.distDir, 'index.html'), 'utf8');
for (const script of inlineScripts(html)) {
  try {
    new Function(script);
  } catch (error) {
    console.error(`\nindex.html's inline script does not parse: ${(error as Error).message}\n${script}`);
    process.exit(1);
  }
}
print('\nThe web bundle is within its budget.');
