// Bundles the server (and the contract it imports as TypeScript) into dist/main.js.
// npm packages stay external: they are installed beside it.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@oja/'));

// OJA_BUILD=name builds into dist-name, so that parallel work on one checkout does not share a build.
const outDir = process.env.OJA_BUILD ? `dist-${process.env.OJA_BUILD}` : 'dist';

await build({
  entryPoints: ['src/main.ts'],
  outfile: `${outDir}/main.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  logLevel: 'warning',
});
