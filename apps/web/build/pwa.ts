import { VitePWA } from 'vite-plugin-pwa';

/**
 * The installable app (ADR 0016): a manifest, and a service worker (Workbox, through vite-plugin-pwa) that
 * precaches the app shell and every page's chunk, so that the app opens with no network once visited and a
 * repeat visit downloads no JS or CSS that has not changed.
 *
 * A page is asked of the network first: the server answers a signed-in page with its first screen's data
 * (apps/server page-reads). Only when the network fails or is too slow does the worker answer with the
 * precached index.html, and the app runs from the device's copy. /api is never answered by the worker.
 * main.tsx registers it.
 */
export function pwa() {
  return VitePWA({
    injectRegister: false,
    registerType: 'autoUpdate',
    includeAssets: ['favicon.svg', 'apple-touch-icon-180x180.png'],
    manifest: {
      name: 'Oja',
      short_name: 'Oja',
      description: 'Run your shops, stock, sales and team.',
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0c8599',
      background_color: '#ffffff',
      icons: [
        { src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png' },
        { src: 'pwa-512x512.png', sizes: '512x512', type: 'image/png' },
        { src: 'maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
      // Pages come from the network first (their own route below), not from the precache's fallback.
      navigateFallback: null,
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
      runtimeCaching: [
        {
          urlPattern: ({ request, url }) =>
            request.mode === 'navigate' && !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/dev/'),
          handler: 'NetworkOnly',
          // NetworkOnly: a signed-in page holds the person's data (it is sent `no-store`), so it is never cached.
          options: {
            precacheFallback: { fallbackURL: 'index.html' },
          },
        },
        {
          // The camera's barcode reader (ADR 0015): too large to precache for everyone, kept once a phone has
          // opened the camera online, so that scanning then works offline too. Its name carries its hash.
          urlPattern: ({ url }) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.wasm'),
          handler: 'CacheFirst',
          options: { cacheName: 'oja-scanner', expiration: { maxEntries: 2 } },
        },
      ],
    },
  });
}
