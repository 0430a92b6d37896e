import { Link, Outlet, createRootRouteWithContext, retainSearchParams } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { present, stringParam } from '../lib/search-params';
import { Layout } from '../layout';
import { ErrorState } from '../components/states';
import { settingsQuery } from '../features/settings/api';

const RootSearch = (search: Record<string, unknown>): { tenant?: string } => present({ tenant: stringParam(search.tenant) });

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  validateSearch: RootSearch,
  // docs/product.md#who-it-is-for: links keep the tenant parameter on the Caribbean tenant.
  search: { middlewares: [retainSearchParams(['tenant'])] },
  loader: ({ context }) => context.queryClient.prefetchQuery(settingsQuery()),
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
