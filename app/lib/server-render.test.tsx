// @vitest-environment happy-dom
import { dehydrate, hydrate } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { waitFor } from '@testing-library/react';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it, vi } from 'vitest';
import { publicSettings, withDefaults } from '../../domain/settings';
import { AppTree } from '../app-tree';
import { createQueryClient } from '../query-client';
import { createAppRouter } from '../router';
import { jsonResponse } from '../test/mock-fetch';
import { loadServerPage, setRenderingWholePage } from './server-render';

// The app's own render on both sides, as app/entry-server.tsx and app/main.tsx run it, with
// fetch as the boundary: the server's wait for a page's data can run out before a slow
// answer (the schedule's ad, on a busy CI machine), and the browser's ask for it can then be
// answered before React hydrates the page. e2e/server-render.spec.ts covers the real server.

const AD = { id: 'ad-1', imageUrl: '/demo/ads/sample.png', targetUrl: 'https://example.test/', alt: 'A sponsor' };

// React's act() warns unless the environment says it is a test's.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  setRenderingWholePage(false);
  vi.unstubAllGlobals();
});

/** fetch as our API answers it; the slow paths only once `slowArrives` says so. */
function stubApi(slow: string[], slowArrives: () => boolean) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    asked.push(path);
    if (slow.includes(path) && !slowArrives()) return new Promise<Response>(() => {});
    if (path === '/api/settings') return Promise.resolve(jsonResponse(publicSettings(withDefaults('watzhott', { adMode: 'hybrid' }))));
    if (path === '/api/ads/serve') return Promise.resolve(jsonResponse(AD));
    if (path === '/api/shows' || path === '/api/artists' || path === '/api/tracks') return Promise.resolve(jsonResponse([]));
    return Promise.resolve(jsonResponse({ error: 'Not found' }, 404));
  });
  return asked;
}

it.each([
  { page: '/schedule', slow: ['/api/ads/serve'], waiting: 'ad-schedule placeholder', after: (c: HTMLElement) => c.querySelector('.ad-schedule img')?.getAttribute('alt') === 'A sponsor' },
  { page: '/artists/directory', slow: ['/api/artists', '/api/tracks'], waiting: 'aria-busy="true"', after: (c: HTMLElement) => Boolean(c.textContent?.includes('No Artists Found')) },
])('$page, rendered by the server before $slow arrived, hydrates without a mismatch, then shows it', async ({ page, slow, waiting, after }) => {
  let slowArrives = false;
  const asked = stubApi(slow, () => slowArrives);
  window.history.replaceState(null, '', page);

  // The server: the route's awaited data is there, the rest still on its way when the page is drawn.
  const serverClient = createQueryClient();
  const serverRouter = createAppRouter(serverClient, { history: createMemoryHistory({ initialEntries: [page] }), origin: 'http://localhost' });
  // Node's build of the router renders no Suspense boundary at the root; this one is the
  // browser's build, told so as app/main.tsx tells it.
  serverRouter.ssr = { manifest: undefined };
  await serverRouter.load();
  setRenderingWholePage(true);
  const html = renderToString(<AppTree queryClient={serverClient} router={serverRouter} />);
  setRenderingWholePage(false);
  const state = dehydrate(serverClient, { shouldDehydrateQuery: (query) => query.state.status === 'success' });
  expect(html).toContain(waiting);

  // The browser: the same answers now come at once.
  slowArrives = true;
  asked.length = 0;
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = html;
  document.body.append(container);
  const queryClient = createQueryClient();
  hydrate(queryClient, state);
  const router = createAppRouter(queryClient, undefined, true);
  router.ssr = { manifest: undefined };
  await loadServerPage(() => router.load());
  // Time for an answer asked for by the route's loader to arrive, as on a fast connection.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  for (const path of slow) expect(asked).not.toContain(path);

  const mismatches: unknown[] = [];
  setRenderingWholePage(true);
  await act(async () => {
    root = hydrateRoot(container, <AppTree queryClient={queryClient} router={router} />, { onRecoverableError: (error) => mismatches.push(error) });
  });
  expect(mismatches).toEqual([]);
  // The page's own queries ask once it is hydrated.
  await waitFor(() => expect(after(container)).toBe(true));
});
