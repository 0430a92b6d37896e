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

// React's act() warns unless the environment says it is a test's.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The page hydrated last, unmounted by cleanUpBothSides. */
let hydratedRoot: Root | null = null;

/** After each test: the hydrated page unmounted and gone, and no render drawing a whole page. */
export function cleanUpBothSides(): void {
  act(() => hydratedRoot?.unmount());
  hydratedRoot = null;
  document.body.innerHTML = '';
  setRenderingWholePage(false);
}

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

/** Hydrates the page; answers React's recoverable errors (a mismatch is one). */
export async function hydrateAsBrowser({ container, queryClient, router }: BrowserPage): Promise<unknown[]> {
  const mismatches: unknown[] = [];
  setRenderingWholePage(true);
  await act(async () => {
    hydratedRoot = hydrateRoot(container, <AppTree queryClient={queryClient} router={router} />, { onRecoverableError: (error) => mismatches.push(error) });
  });
  return mismatches;
}
