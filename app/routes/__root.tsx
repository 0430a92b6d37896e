import { Link, Outlet, createRootRouteWithContext, retainSearchParams } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { present, stringParam } from '../lib/search-params';
import { Layout } from '../layout';
import { ErrorState } from '../components/states';
import { settingsQuery } from '../features/settings/api';
import { nowPlayingQuery } from '../features/radio/api';
import { prefetchForPage } from '../lib/server-render';

const RootSearch = (search: Record<string, unknown>): { tenant?: string } => present({ tenant: stringParam(search.tenant) });

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  validateSearch: RootSearch,
  // docs/product.md#who-it-is-for: links keep the tenant parameter on the Caribbean tenant.
  search: { middlewares: [retainSearchParams(['tenant'])] },
  loader: ({ context }) => {
    // Every page's bar shows now playing: asked for with the page's data, so the server's page
    // comes with it and the app opens the stream at once, not after a GET /api/np of its own
    // (docs/server-render.md). Not waited for: the page is drawn without it ('Loading…').
    prefetchForPage(context.queryClient, nowPlayingQuery());
    return context.queryClient.prefetchQuery(settingsQuery());
  },
  component: () => (
    <Layout>
      <Outlet />
    </Layout>
  ),
  notFoundComponent: NotFound,
  errorComponent: ({ error, reset }) => (
    <Layout>
      <ErrorState error={error} onRetry={reset} />
    </Layout>
  ),
});

function NotFound() {
  return (
    <section className="not-found">
      <h1>Page Not Found</h1>
      <p>The page you're looking for doesn't exist.</p>
      <Link to="/">Back to the radio</Link>
    </section>
  );
}
