import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect } from 'react';
import { ToastProvider } from './components/toasts';
import { setHydratingPage } from './lib/use-hydrated';
import type { createAppRouter } from './router';

/** The whole app, as the browser renders it and the server renders its first screen (docs/server-render.md). */
export function AppTree({ queryClient, router }: { queryClient: QueryClient; router: ReturnType<typeof createAppRouter> }) {
  // The root's effects run after every other effect of its first commit: a page the server
  // rendered is hydrated from here on (app/lib/use-hydrated.ts).
  useEffect(() => setHydratingPage(false), []);
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
