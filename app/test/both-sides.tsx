import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { AppTree } from '../app-tree';
import { createQueryClient } from '../query-client';
import { createAppRouter } from '../router';
import { loadServerPage, setRenderingWholePage } from '../lib/server-render';

// The app's own render on both sides, as app/entry-server.tsx and app/main.tsx run it, for
// tests in happy-dom with fetch as the boundary (docs/server-render.md).

/** The server's render of `page` once its route has loaded: the markup and the data it carries. */
export async function renderAsServer(page: string): Promise<{ html: string; state: DehydratedState }> {
  const client = createQueryClient();
  const router = createAppRouter(client, { history: createMemoryHistory({ initialEntries: [page] }), origin: 'http://localhost' });
  // Node's build of the router renders no Suspense boundary at the root; this one is the
  // browser's build, told so as app/main.tsx tells it.
  router.ssr = { manifest: undefined };
  await router.load();
  setRenderingWholePage(true);
  try {
    const html = renderToString(<AppTree queryClient={client} router={router} />);
    return { html, state: dehydrate(client, { shouldDehydrateQuery: (query) => query.state.status === 'success' }) };
  } finally {
    setRenderingWholePage(false);
  }
}

export interface BrowserPage {
  container: HTMLElement;
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
}

/** The browser with the server's page in `#root`: its data in the query cache, its route loaded. */
export async function loadAsBrowser(html: string, state: DehydratedState): Promise<BrowserPage> {
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = html;
  document.body.append(container);
  const queryClient = createQueryClient();
  hydrate(queryClient, state);
  const router = createAppRouter(queryClient, undefined, true);
  router.ssr = { manifest: undefined };
  await loadServerPage(() => router.load());
  return { container, queryClient, router };
}

/** Hydrates the page; `mismatches` are React's recoverable errors (a mismatch is one). */
export async function hydrateAsBrowser({ container, queryClient, router }: BrowserPage): Promise<{ root: Root; mismatches: unknown[] }> {
  const mismatches: unknown[] = [];
  let root: Root | undefined;
  setRenderingWholePage(true);
  await act(async () => {
    root = hydrateRoot(container, <AppTree queryClient={queryClient} router={router} />, { onRecoverableError: (error) => mismatches.push(error) });
  });
  return { root: root!, mismatches };
}
