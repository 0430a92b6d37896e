import http from 'node:http';
import type { Page } from '@playwright/test';
import { admin, expect, kept, setLowDataMode, test as base, unique, workerInControl } from './fixtures';
import { APP_START_MS, SLOWED_TEST_MS, expectSound, firstVisit, tapWhenPainted } from './tap-at-first-sight';

// A repeat visit works at first sight, as a first visit does (issue 43, docs/server-render.md
// "On a repeat visit"): the service worker answers the navigation with the page it kept from
// the listener's first visit (sw/kept-pages.ts), whose Listen Live and menu work before the
// app starts, not with the bare shell, on which a tap at first paint landed on nothing. The
// real worker ('pwa' project, e2e/playwright.config.ts), the CPU slowed 6× as in
// e2e/first-tap.spec.ts. The app's entry is held back by a proxy in front of the server, not by
// Playwright's routes, which make Chromium bypass the worker: the test drops the entry from the
// worker's cache, so the worker asks the network, where the proxy holds it.

interface HoldingProxy {
  url: string;
  /** From now on, requests whose path matches are held until the returned function is called. */
  hold(path: RegExp): () => void;
  /** From now on, requests whose path matches lose their connection; answers the paths refused so far. */
  refuse(path: RegExp): () => string[];
}

const test = base.extend<{ link: HoldingProxy }>({
  link: async ({ baseURL }, use) => {
    const target = new URL(baseURL!);
    let held: { path: RegExp; until: Promise<void> } | null = null;
    let refused: { path: RegExp; seen: string[] } | null = null;
    const server = http.createServer(async (req, res) => {
      if (refused?.path.test(req.url ?? '')) {
        refused.seen.push(req.url ?? '');
        req.socket.destroy();
        return;
      }
      if (held && held.path.test(req.url ?? '')) await held.until;
      const upstream = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      res.on('close', () => upstream.destroy());
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await use({
      url: `http://127.0.0.1:${port}`,
      hold(path) {
        let release!: () => void;
        held = { path, until: new Promise((resolve) => (release = resolve)) };
        return () => {
          held = null;
          release();
        };
      },
      refuse(path) {
        const seen: string[] = [];
        refused = { path, seen };
        return () => seen;
      },
    });
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  },
});

/**
 * Holds the app's entry: dropped from the worker's cache and the browser's HTTP cache, and held
 * by the proxy when the worker asks the network for it.
 */
async function holdTheApp(page: Page, link: HoldingProxy): Promise<() => void> {
  const release = link.hold(/^\/assets\/index-[\w-]+\.js/);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await page.evaluate(async () => {
    // A rendered page preloads it, and its start script adds it once the page has painted (app/lib/start-after-paint/).
    const entry = document.querySelector<HTMLLinkElement>('link[rel=modulepreload][data-app-entry]')!.href;
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) if (request.url.split('?')[0] === entry) await cache.delete(request);
    }
  });
  return release;
}

test.describe.configure({ timeout: SLOWED_TEST_MS });

/** With the app held, a control the page itself does not paint never shows: a short wait says so. */
const HELD_PAINT_MS = 10_000;

/** A first visit from the network, then the worker in control with `path`'s page kept. */
async function firstVisitKept(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await workerInControl(page);
  await expect.poll(() => kept(page, page.url()), { timeout: 30_000 }).toBe(true);
}

/**
 * The next visit, with the CPU slowed; answers once the worker's answer has committed, after
 * checking that the worker answered.
 */
async function repeatVisit(page: Page, path: string): Promise<Page> {
  // The slowed visit of e2e/tap-at-first-sight.ts, this time to a worker in control.
  await firstVisit(page, path);
  const workerStart = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).workerStart);
  expect(workerStart, 'the page comes from the worker').toBeGreaterThan(0);
  return page;
}

/** The page's own first-tap script took the tap: the app has not started. */
const tappedBeforeTheApp = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute('data-first-tap') && !('__radioPlayer' in window));

test('Listen Live tapped at first paint of a repeat visit plays before the app starts', async ({ page, link }) => {
  await firstVisitKept(page, link.url + '/');
  const release = await holdTheApp(page, link);
  try {
    await repeatVisit(page, link.url + '/');
    await tapWhenPainted(page, page.getByRole('button', { name: 'Listen Live' }), HELD_PAINT_MS);
    await expectSound(page);
    expect(await tappedBeforeTheApp(page), await page.evaluate(() => `data-first-tap=${document.documentElement.getAttribute('data-first-tap')}, app: ${'__radioPlayer' in window}`)).toBe(true);
  } finally {
    release();
  }
  // The app, once started, keeps the stream the tap started.
  await expect(page.getByRole('region', { name: 'Now playing' })).toHaveAttribute('data-status', 'playing', { timeout: APP_START_MS });
});

// A kept page asks for no script while it is parsed but the app's entry, which its start script
// runs after the page's first frame: the framework's preloads, taken in while the page was parsed,
// held a repeat visit's paint and its first tap (sw/kept-page-copy.ts). The app then starts.
test("a repeat visit's page asks for the framework only once it is parsed, and the app starts", async ({ page, link }) => {
  await firstVisitKept(page, link.url + '/');
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await repeatVisit(page, link.url + '/');
  await expect.poll(() => page.evaluate(() => '__radioPlayer' in window), { timeout: APP_START_MS }).toBe(true);
  // The kept copy's own preloads (the app, once started, adds its routes').
  const preloads = await page.evaluate(async (url) => {
    const copy = await caches.match(url);
    const html = new DOMParser().parseFromString(await copy!.text(), 'text/html');
    return Array.from(html.querySelectorAll('link[rel=modulepreload]'), (l) => l.hasAttribute('data-app-entry'));
  }, page.url());
  expect(preloads).toEqual([true]);
  // Asked for once the page was parsed (its start script waits for that, then a frame), not while it was.
  const { parsed, framework } = await page.evaluate(() => ({
    parsed: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domInteractive,
    framework: performance.getEntriesByType('resource').find((r) => /\/assets\/framework-[\w-]+\.js$/.test(r.name))?.startTime ?? null,
  }));
  expect(framework).not.toBeNull();
  expect(framework!).toBeGreaterThan(parsed);
  expect(errors).toEqual([]);
});

test("a repeat visit's menu opens before the app starts", async ({ page, link }) => {
  await firstVisitKept(page, link.url + '/schedule');
  const release = await holdTheApp(page, link);
  try {
    await repeatVisit(page, link.url + '/schedule');
    await tapWhenPainted(page, page.locator('header .menu-button'), HELD_PAINT_MS);
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible({ timeout: 3_000 });
  } finally {
    release();
  }
});

test("a kept page's data is fetched again once the app runs", async ({ page, request, link }) => {
  await firstVisitKept(page, link.url + '/events');
  const title = unique('Kept Page Fete');
  const res = await request.post('/api/events', {
    headers: admin,
    data: { title, startIso: new Date(Date.now() + 2 * 86_400_000).toISOString(), locationText: 'Seawall, Georgetown', isPublic: true },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  const release = await holdTheApp(page, link);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  try {
    await repeatVisit(page, link.url + '/events');
    // The worker's kept page, drawn before the event was added...
    await expect(page.getByRole('heading', { name: 'Upcoming Events', level: 1 })).toBeVisible({ timeout: HELD_PAINT_MS });
    await expect(page.getByTestId('event-card').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
    // ...then, once the app runs, its fresh answer.
    release();
    await expect(page.getByRole('heading', { name: title })).toBeVisible({ timeout: APP_START_MS });
    // Hydrated as drawn: the fresh answer came after, not during, hydration (no React error 418).
    expect(errors).toEqual([]);
  } finally {
    release();
    await request.delete(`/api/events/${id}`, { headers: admin });
  }
});

test('Low Data Mode drops the kept pages: their images would load before the app could hide them', async ({ page, link }) => {
  await firstVisitKept(page, link.url + '/');
  await setLowDataMode(page, true);
  await expect.poll(() => kept(page, link.url + '/')).toBe(false);
  // The next visit is the shell, and keeps nothing.
  await page.goto(link.url + '/');
  await expect(page.getByRole('switch', { name: 'Low Data Mode' })).toBeChecked();
  expect(await page.evaluate(() => document.getElementById('server-data'))).toBeNull();
  expect(await kept(page, link.url + '/')).toBe(false);
});

test('a kept page whose data cannot be fetched again keeps showing it', async ({ page, link }) => {
  await firstVisitKept(page, link.url + '/events');
  const refused = link.refuse(/^\/api\/events/);
  await repeatVisit(page, link.url + '/events');
  // The app has started and asked again for the events, and lost the connection...
  await expect.poll(() => page.evaluate(() => '__radioPlayer' in window), { timeout: APP_START_MS }).toBe(true);
  await expect.poll(() => refused().length, { timeout: APP_START_MS }).toBeGreaterThan(0);
  await page.waitForTimeout(500);
  // ...and the page still shows the ones it came with, not an error.
  await expect(page.getByTestId('event-card').first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a page that came as the shell is kept for the next visit, as after a new build dropped the kept pages', async ({ page, link }) => {
  await firstVisitKept(page, link.url + '/schedule');
  await page.evaluate(async () => {
    for (const name of await caches.keys()) if (name.startsWith('kept-pages-')) await caches.delete(name);
  });
  await page.goto(link.url + '/schedule');
  expect(await page.evaluate(() => document.getElementById('server-data') === null), 'the shell').toBe(true);
  await expect.poll(() => kept(page, page.url()), { timeout: 30_000 }).toBe(true);
  await page.goto(link.url + '/schedule', { waitUntil: 'commit' });
  expect(await page.evaluate(() => document.getElementById('server-data') !== null), 'the kept page').toBe(true);
});

// The next visit compiles the app's entry and the framework it imports without making V8's code
// cache on its main thread: the first visit loads the entry once in a module worker, from the
// service worker's cache, as soon as the worker has taken the page (app/lib/pwa/code-cache.ts;
// docs/performance.md, "Time to first sound"), where it starts no app. A reload, with the worker
// already in control, does not again.
test("a first visit loads the app's entry in a worker once the service worker has taken the page, and only then", async ({ page }) => {
  const workers: string[] = [];
  const errors: string[] = [];
  page.on('worker', (w) => workers.push(new URL(w.url()).pathname));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await workerInControl(page);
  await expect.poll(() => workers.filter((w) => /^\/assets\/index-[\w-]+\.js$/.test(w)).length, { timeout: 10_000 }).toBe(1);
  const entry = await page.evaluate(() => document.querySelector<HTMLScriptElement>('script[type=module][src]')!.src);
  expect(workers).toContain(new URL(entry).pathname);
  // Served by the service worker: the entry and the framework are in its precache.
  const framework = await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel=modulepreload][href*="/assets/framework-"]')!.href);
  expect(await page.evaluate(async (urls) => Promise.all(urls.map(async (url) => Boolean(await caches.match(url)))), [entry, framework])).toEqual([true, true]);
  workers.length = 0;
  await page.reload();
  await page.waitForTimeout(3_000);
  expect(workers).not.toContain(new URL(entry).pathname);
  expect(errors).toEqual([]);
});
