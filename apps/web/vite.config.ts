import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contractPure } from './build/contract-pure';
import { contractRoutes } from './build/contract-routes';
import { contractValues } from './build/contract-values';
import { firstLoadChunks } from './build/first-load-chunks';
import { precompress } from './build/precompress';
import { pwa } from './build/pwa';
import { routePreload } from './build/route-preload';

const serverPort = process.env.SERVER_PORT ?? '3000';
// The build's own plugins, each with what it saves in bytes: docs/adr/0012-web-build-plugins.md.
const chunks = firstLoadChunks();

export default defineConfig({
  plugins: [
    contractValues(),
    contractRoutes(),
    contractPure(),
    react(),
    routePreload(),
    precompress(),
    chunks.plugin,
    // The installable app and its service worker (build/pwa.ts).
    pwa(),
  ],
  server: {
    // `npm run dev -w apps/web` next to a running server: the API answers through this proxy.
    proxy: {
      '/api': `http://127.0.0.1:${serverPort}`,
      '/dev/api': `http://127.0.0.1:${serverPort}`,
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks and styles each route loads, for the bundle budget (bench/src/web).
    manifest: true,
    // Every browser that runs this build's ES2022 modules knows <link rel="modulepreload">: no polyfill (0.5 KB).
    modulePreload: { polyfill: false },
    // OJA_BUILD=name builds into dist-name, so that parallel work on one checkout does not share a build.
    outDir: process.env.OJA_BUILD ? `dist-${process.env.OJA_BUILD}` : 'dist',
    rolldownOptions: { output: { codeSplitting: { groups: chunks.groups } } },
  },
});
