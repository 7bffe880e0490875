import './styles/guest';
import { MantineProvider } from '@mantine/core';
import type { User } from '@oja/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installSessionLostHandler, sessionKey } from './features/auth/session';
import { keepScreensOffline } from './lib/offline-copies';
import { queryClient } from './lib/query-client';
import { sliceRenders } from './lib/render-slices';
import { Overlays } from './overlays';
import { AppRouter } from './router';
import { theme } from './theme';

installSessionLostHandler(queryClient);
// The screens visited are kept on the phone for the person signed in, to show offline (ADR 0020).
keepScreensOffline(queryClient, () => queryClient.getQueryData<User | null>(sessionKey)?.id);
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
