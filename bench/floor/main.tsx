// The floor app (issue 15): the smallest React 19 + TanStack Router + TanStack Query app with
// one route. bench/lighthouse.mjs builds it with Vite and serves it with our own server, so
// its Lighthouse figures show what the framework costs on the same phone in the same run.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { RouterProvider, createRootRoute, createRoute, createRouter, Outlet } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const rootRoute = createRootRoute({ component: () => <Outlet /> });
const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: function Home() {
    const { data } = useQuery({ queryKey: ['greeting'], queryFn: () => Promise.resolve('Hello from the floor') });
    return (
      <main>
        <h1>Floor</h1>
        <p>{data ?? 'Loading…'}</p>
      </main>
    );
  },
});
const router = createRouter({ routeTree: rootRoute.addChildren([indexRoute]) });
const queryClient = new QueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
