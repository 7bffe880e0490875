import './styles/guest';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installSessionLostHandler } from './features/auth/session';
import { queryClient } from './lib/query-client';
import { sliceRenders } from './lib/render-slices';
import { Overlays } from './overlays';
import { AppRouter } from './router';
import { theme } from './theme';

installSessionLostHandler(queryClient);
sliceRenders();

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

// The service worker (vite.config.ts, pwa.ts): the app opens offline once visited. Registered once the page has
// loaded, so that its precache does not share the network with the first screen.
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {});
  });
}

createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <AppRouter />
        {/* Dialogs and toasts, loaded when first needed (overlays.tsx). */}
        <Overlays />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
