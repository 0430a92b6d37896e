// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { act } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { publicSettings, withDefaults } from '../../domain/settings';
import { cleanUpBothSides, hydrateAsBrowser, loadAsBrowser, renderAsServer } from '../test/both-sides';
import { jsonResponse } from '../test/mock-fetch';

// The app's own render on both sides, as app/entry-server.tsx and app/main.tsx run it, with
// fetch as the boundary: the server's wait for a page's data can run out before a slow
// answer (the schedule's ad, on a busy CI machine), and the browser's ask for it can then be
// answered before React hydrates the page. e2e/server-render.spec.ts covers the real server.

const AD = { id: 'ad-1', imageUrl: '/demo/ads/sample.png', targetUrl: 'https://example.test/', alt: 'A sponsor' };

afterEach(() => {
  cleanUpBothSides();
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
  const { html, state } = await renderAsServer(page);
  expect(html).toContain(waiting);

  // The browser: the same answers now come at once.
  slowArrives = true;
  asked.length = 0;
  const browser = await loadAsBrowser(html, state);
  // Time for an answer asked for by the route's loader to arrive, as on a fast connection.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  for (const path of slow) expect(asked).not.toContain(path);

  expect(await hydrateAsBrowser(browser)).toEqual([]);
  // The page's own queries ask once it is hydrated.
  await waitFor(() => expect(after(browser.container)).toBe(true));
});
