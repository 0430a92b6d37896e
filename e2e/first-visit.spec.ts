import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { caribbean, expect, test } from './fixtures';

// Its tests only read (each a fresh first visit), so they spread over the workers (docs/setup.md).
test.describe.configure({ mode: 'parallel' });

// A first visit's answers come beside its scripts (docs/performance.md): the server names the
// page's chunks and data in a Link header, and each preload must be the very request the
// app then makes, or the browser fetches it twice and warns that the preload went unused.
// What is fetched does not depend on the screen's size: the phone project alone runs it
// (e2e/playwright.config.ts). A page the server renders (docs/server-render.md) carries its
// data and styles: it preloads neither, and the app asks for none of it again.
// /artists/submit is the shell (docs/server-render.md: its form takes files).
for (const path of ['/', '/artists', '/schedule', '/sponsors/submit', '/events', '/artists/submit']) {
  const rendered = path !== '/artists/submit';
  for (const tenant of ['watzhott', 'caribbean'] as const) {
    test(`${path} on ${tenant}: every preload is used, and the settings are fetched ${rendered ? 'with the page' : 'once'}`, async ({ page }) => {
      const warnings: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'warning' && /preload/i.test(m.text())) warnings.push(m.text());
      });
      const asked: string[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname.startsWith('/api/') || url.pathname.endsWith('.css')) asked.push(url.pathname + url.search);
      });
      const url = tenant === 'caribbean' ? caribbean(path) : path;
      const res = await page.goto(url);
      // The radio page's chunks are the entry's (no Link header at all).
      if (rendered) expect(res?.headers().link ?? '').not.toContain('as=fetch');
      else expect(res?.headers().link).toContain('rel=preload; as=fetch');
      await expect(page.locator('#main h1, #main h2').first()).toBeVisible();
      // Chromium warns of an unused preload a few seconds after the load event.
      await page.waitForTimeout(3500);
      expect(warnings).toEqual([]);
      const settings = tenant === 'caribbean' ? '/api/settings?tenant=caribbean' : '/api/settings';
      expect(asked.filter((a) => a === settings)).toHaveLength(rendered ? 0 : 1);
      expect(asked.filter((a) => a.endsWith('.css')).length).toBe(new Set(asked.filter((a) => a.endsWith('.css'))).size);
    });
  }
}

/** Records the page's layout shifts from its start (those a tap made excepted). */
const watchShifts = (page: Page) =>
  page.addInitScript(() => {
    (window as unknown as { shifts: number[] }).shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!e.hadRecentInput) (window as unknown as { shifts: number[] }).shifts.push(e.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });

/** The layout shift so far, summed. */
const shiftsSoFar = (page: Page) => page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0));

// The radio page's lower part (the shoutout form, the leaderboard, Recently Played) arrives
// after the station's first screen; it must not push what is already painted (docs/performance.md).
test('the radio page does not shift as its lower part arrives', async ({ page }) => {
  await watchShifts(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Recently Played' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Shoutout' })).toBeVisible();
  await page.waitForTimeout(1500);
  expect(await shiftsSoFar(page)).toBeLessThan(0.01);
});

// The pages the server renders since issue 43 hydrate in place: the app's start moves nothing
// (docs/server-render.md; the Watch page's chat comes after hydration in the place kept for it).
// The Watch page's chat room, with messages in it (earlier tests may have left them, as a
// worker's database is shared by its specs), keeps its height as they load (CI caught 0.05).
for (const path of ['/events', '/watch', '/sponsors', '/episodes']) {
  test(`${path} does not shift as the app takes it over`, async ({ page, request }) => {
    if (path === '/watch')
      for (let i = 0; i < 12; i++) {
        const said = await request.post('/api/chat/messages', {
          headers: { 'x-device-id': crypto.randomUUID(), 'x-forwarded-for': `10.9.0.${i + 1}` },
          data: { name: `Viewer ${i}`, text: `Blessings from the watch page, message ${i} ${Date.now()}` },
        });
        expect(said.status()).toBe(201);
      }
    await watchShifts(page);
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await page.waitForTimeout(2500);
    expect(await shiftsSoFar(page)).toBeLessThan(0.01);
  });
}

/** The slots whose ad the page asks for (each ask counts an impression), as they are asked. */
function servedSlots(page: Page): string[] {
  const served: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/ads/serve') served.push(url.searchParams.get('slot') ?? '');
  });
  return served;
}

// A slot below the fold asks for its ad (which counts an impression) only once it comes
// within a screen of view, not as part of the page's start (docs/performance.md).
test('the radio page asks for a below-the-fold ad only when it comes near view', async ({ page }) => {
  const served = servedSlots(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Recently Played' })).toBeVisible();
  await expect(page.locator('.ad-footer')).toBeAttached();
  await page.waitForTimeout(1500);
  // The top slot's ad came with the server's page (docs/server-render.md), the footer's not at all.
  await expect(page.locator('.ad-leaderboard img')).toBeVisible();
  expect(served).not.toContain('footer');
  await page.locator('.ad-footer').scrollIntoViewIfNeeded();
  await expect.poll(() => served).toContain('footer');
});

// On a slow connection the radio page's rest (it waits for the shoutout form's chunk) comes
// late; meanwhile the page is short and the footer near the top. Its ad, which counts an
// impression, waits until the page is drawn whole (docs/performance.md).
test('the footer asks for no ad while the page above it is still drawing', async ({ page }) => {
  const served = servedSlots(page);
  let delayed = 0;
  await page.route(/\/assets\/shoutout-form-[^/]+\.js$/, async (route) => {
    delayed += 1;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Recently Played' })).toBeVisible({ timeout: 10_000 });
  await expect(page.locator('.ad-footer')).toBeAttached();
  await page.waitForTimeout(1000);
  // The slow chunk was the one the page waited for (a renamed chunk would make this test moot).
  expect(delayed).toBe(1);
  expect(served).not.toContain('footer');
});

// So is the station's own player, an admin embed far down the radio page: its frame (a new
// document with the station's scripts) is made once its place comes near view.
test('the radio page makes the station player’s frame only when it comes near view', async ({ page }) => {
  const frames: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/embed/radio') frames.push(r.url());
  });
  await page.goto('/');
  const heading = page.getByRole('heading', { name: 'Station Player' });
  await expect(heading).toBeAttached();
  await page.waitForTimeout(1500);
  expect(await page.locator('iframe[title="Radio player"]').count()).toBe(0);
  expect(frames).toEqual([]);
  await heading.scrollIntoViewIfNeeded();
  await expect(page.locator('iframe[title="Radio player"]')).toHaveCount(1);
  await expect.poll(() => frames.length).toBe(1);
});

// Pico's busy spinner animated inside its SVG image, which Chromium repaints on the main thread
// every frame: the shell's "Loading…" alone cost more main-thread time than the shell
// (docs/performance.md). Ours is a ring of borders, no image at all, turned on the compositor.
// The shell is what shows before any script, so the scripts are held back.
test('the shell’s busy spinner turns on the compositor, with no image to repaint', async ({ page }) => {
  await page.route('**/assets/*.js', (route) => route.abort());
  // A page the server does not render shows the shell.
  await page.goto('/artists/submit');
  const spinner = await page.locator('.shell-loading').evaluate((el) => {
    const before = getComputedStyle(el, '::before');
    return { animation: before.animationName, image: before.backgroundImage, ring: before.borderTopStyle };
  });
  expect(spinner).toEqual({ animation: 'busy-turn', image: 'none', ring: 'solid' });
});

// Every script a page starts with carries V8's compile hint on its first line, so its
// functions are compiled as it streams in, off the main thread (scripts/compile-hints.mjs,
// docs/performance.md); a library fetched for one action (here /watch's hls.js) does not.
test('the scripts a page starts with are compiled off the main thread; a library for one action is not', async ({ page, request }) => {
  const scripts = new Set<string>();
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  for (const path of ['/', '/schedule', '/sponsors/submit']) {
    await page.goto(path);
    await expect(page.locator('#main h1, #main h2').first()).toBeVisible();
  }
  // Not the scripts fetched once the page has settled: workbox-window, and the offline storage's worker (Dexie, on its own
  // thread); nor the dates worker's, compiled on its own thread too (app/lib/intl-off-thread/).
  const started = [...scripts].filter((script) => !/workbox-window|storage\.worker|dates\.worker/.test(script));
  expect(started.filter((script) => /\/framework-/.test(script))).toHaveLength(1);
  expect(started.length).toBeGreaterThan(5);
  // Asked again once the pages are done: a page that navigates away drops its responses' bodies.
  for (const script of started) expect((await (await request.get(script)).text()).split('\n')[0], script).toBe('//# allFunctionsCalledOnLoad');
  // hls.js, found by the build's manifest, as the server serves it.
  const appDir = process.env.APP_DIR ?? path.resolve(import.meta.dirname, '..', 'dist', 'app');
  const manifest = JSON.parse(fs.readFileSync(path.join(appDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const hls = Object.entries(manifest).find(([source]) => source.includes('node_modules/hls.js/'))?.[1].file;
  expect(hls).toBeTruthy();
  const hlsBody = await (await request.get('/' + hls)).text();
  expect(hlsBody.length).toBeGreaterThan(10_000);
  expect(hlsBody.split('\n')[0]).not.toContain('allFunctionsCalledOnLoad');
});

// The header's built-in logo is drawn in the page: an SVG image is a document of its own that
// the phone makes, lays out and paints on the main thread while the page starts (docs/performance.md).
test('the header draws the built-in logo in the page, not as an image, on both tenants', async ({ page }) => {
  for (const url of ['/sponsors/submit', caribbean('/schedule')]) {
    await page.goto(url);
    await expect(page.locator('.site-header svg.brand-logo')).toBeVisible();
    expect(await page.evaluate(() => Array.from(document.images, (i) => i.getAttribute('src')).filter((src) => src?.startsWith('/brand/')))).toEqual([]);
  }
});
