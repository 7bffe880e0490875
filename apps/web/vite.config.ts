import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appShellScrollClasses } from './appshell-scroll-classes';
import { contractPure } from './contract-pure';
import { contractRoutes } from './contract-routes';
import { contractValues } from './contract-values';
import { firstLoadChunks } from './first-load-chunks';
import { floatingMergeRefs } from './floating-merge-refs';
import { precompress } from './precompress';
import { pwa } from './pwa';
import { routePreload } from './route-preload';
import { zodWithoutJsonSchema } from './zod-browser';

const serverPort = process.env.SERVER_PORT ?? '3000';
const chunks = firstLoadChunks();

export default defineConfig({
  plugins: [
    contractValues(),
    contractRoutes(),
    contractPure(),
    zodWithoutJsonSchema(),
    floatingMergeRefs(),
    appShellScrollClasses(),
    react(),
    routePreload(),
    precompress(),
    chunks.plugin,
    // The installable app and its service worker (pwa.ts).
    pwa(),
  ],
  server: {
    // `npm run dev -w apps/web` next to a running server: the API answers through this proxy.
    proxy: {
      '/api': `http://127.0.0.1:${serverPort}`,
      '/dev/api': `http://127.0.0.1:${serverPort}`,
    },
  },
  // OJA_BUILD=name builds into dist-name, so that parallel work on one checkout does not share a build.
  build: {
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks and styles each route loads, for the bundle budget (bench/src/web).
    manifest: true,
    // Every browser that runs this build's ES2022 modules knows <link rel="modulepreload">: no polyfill (0.5 KB).
    modulePreload: { polyfill: false },
    outDir: process.env.OJA_BUILD ? `dist-${process.env.OJA_BUILD}` : 'dist',
    rolldownOptions: { output: { codeSplitting: { groups: chunks.groups } } },
  },
});
