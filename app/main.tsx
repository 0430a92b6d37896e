import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ToastProvider } from './components/toasts';
import { registerServiceWorker } from './lib/pwa/service-worker';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import './styles.css';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>
  </StrictMode>,
);

registerServiceWorker();

// Dexie and the persister stay off the first-render path (issue 7): loaded just after.
void import('./lib/offline/persist-cache').then(({ startPersistence }) => startPersistence(queryClient, __BUILD_ID__));
