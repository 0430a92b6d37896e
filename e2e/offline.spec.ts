import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { cuttingProxy, type CuttingProxy } from '../bench/lib/cutting-proxy.mjs';
import { ADMIN_KEY, caribbean, expect, kept, test as base, virtualAuthenticator, workerInControl } from './fixtures';

// These run with the real service worker (the 'pwa' project), against the real server.
const admin = { 'x-admin-key': ADMIN_KEY };
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * Offline the way a phone is: the page's link to the server goes down. The pages that need it
 * are opened through a proxy the test takes down (no connection reaches the server) and
 * Chromium's offline emulation says so to the page (navigator.onLine, the offline event).
 * The emulation alone is not enough: it reaches a new document a moment late, and a request in
 * that moment would reach the server, so "nothing was sent while offline" would be a race.
 */
const test = base.extend<{ link: CuttingProxy }>({
  link: async ({ baseURL }, use) => {
    const proxy = await cuttingProxy(new URL(baseURL!), { cuts: [] });
    await use(proxy);
    await proxy.close();
  },
});

async function goOffline(context: BrowserContext, link: CuttingProxy): Promise<void> {
  link.down();
  await context.setOffline(true);
}
async function goOnline(context: BrowserContext, link: CuttingProxy): Promise<void> {
  link.up();
  await context.setOffline(false);
}

test('installable: a per-tenant manifest with standalone display and maskable icons, and an active worker', async ({ page, request }) => {
  await page.goto('/');
  await workerInControl(page);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = await (await request.get(href!)).json();
  expect(manifest).toMatchObject({ display: 'standalone', start_url: expect.any(String) });
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find((i: { sizes: string; purpose: string }) => i.sizes === size && i.purpose.includes('maskable'));
    expect(icon).toBeTruthy();
    const res = await request.get(icon.src);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
  }
  const caribbeanManifest = await (await request.get('/manifest.webmanifest?tenant=caribbean')).json();
  expect(caribbeanManifest.name).toBe('Caribbean Praise Radio');
});

test('after one online visit the radio, directory, schedule and an artist page open offline', async ({ page, context, request, link }) => {
  const artists = (await (await request.get('/api/artists?approved=true')).json()) as { id: string; name: string }[];
  const artist = artists[0]!;
  await page.goto(`${link.url}/`);
  await workerInControl(page);
  // One online visit that passes through the pages a listener would open, each long enough for
  // the app to have started and the worker to keep the page (sw/kept-pages.ts): the app runs
  // after the page's first frame, and the load event no longer waits for it (app/lib/start-after-paint/).
  for (const p of ['/artists/directory', '/schedule', `/artists/${artist.id}`]) {
    await page.goto(link.url + p);
    await expect(page.locator('main')).not.toBeEmpty();
    await expect.poll(() => kept(page, page.url()), { timeout: 30_000 }).toBe(true);
  }
  await page.goto(`${link.url}/`);
  await expect(page.getByRole('heading', { name: 'Now Playing' })).toBeVisible();

  await goOffline(context, link);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Now Playing' })).toBeVisible();
    await expect(page.getByTestId('connection-status')).toContainText('offline');

    await page.goto(`${link.url}/artists/directory`);
    await expect(page.getByRole('heading', { name: 'Artist Directory' })).toBeVisible();
    await expect(page.getByTestId('artist-card').first()).toBeVisible();

    await page.goto(`${link.url}/schedule`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Never Miss a Show')).toBeVisible();

    await page.goto(`${link.url}/artists/${artist.id}`);
    await expect(page.getByRole('heading', { name: artist.name })).toBeVisible();
  } finally {
    await goOnline(context, link);
  }
});

/** How many writes the outbox has saved in IndexedDB (what survives closing the app). */
function storedOutbox(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('radio-offline');
        open.onerror = () => resolve(-1);
        open.onsuccess = () => {
          const get = open.result.transaction('entries').objectStore('entries').get('query-cache');
          get.onsuccess = () => {
            const saved = get.result?.value ? JSON.parse(get.result.value) : null;
            resolve(saved?.clientState?.mutations?.length ?? 0);
          };
        };
      }),
  );
}

async function fillPrayer(page: Page, text: string): Promise<void> {
  await page.getByLabel('Your prayer request').fill(text);
  await page.getByRole('checkbox', { name: /I consent/ }).check();
  await page.getByRole('button', { name: 'Submit Prayer Request' }).click();
}

async function countPrayers(request: import('@playwright/test').APIRequestContext, text: string): Promise<number> {
  const all = (await (await request.get(caribbean('/api/prayers'), { headers: admin })).json()) as { text: string }[];
  return all.filter((p) => p.text === text).length;
}

test('a prayer and a sponsor application made offline survive a reload and are delivered exactly once', async ({ page, context, request, link }) => {
  const prayer = unique('Offline prayer across a reload');
  const company = unique('Offline Sponsor Co');
  await page.goto(link.url + caribbean('/community'));
  await workerInControl(page);
  await page.goto(link.url + caribbean('/sponsors/submit'));
  await page.goto(link.url + caribbean('/community'));
  await expect(page.getByRole('button', { name: 'Submit Prayer Request' })).toBeVisible();

  await goOffline(context, link);
  await fillPrayer(page, prayer);
  await expect(page.getByText('Your prayer request is saved and will be sent when the connection returns.')).toBeVisible();
  await expect.poll(() => storedOutbox(page)).toBe(1);

  await page.goto(link.url + caribbean('/sponsors/submit'));
  await page.getByLabel('Company name').fill(company);
  await page.getByLabel('Contact email').fill('offline@e2e-applicant.example');
  await page.getByLabel('Sponsorship tier').selectOption('standard');
  await page.getByLabel('Budget range').selectOption('$500 - $1,000');
  await page.getByLabel('Partnership goals').fill('Sponsor the Sunday gospel hour for a whole season.');
  await page.getByRole('button', { name: 'Submit Partnership Application' }).click();
  await expect(page.getByTestId('outbox-count')).toHaveText('2 items waiting to send');
  await expect.poll(() => storedOutbox(page)).toBe(2);

  // Closing the app while offline loses nothing: the outbox is in IndexedDB.
  await page.reload();
  await expect(page.getByTestId('outbox-count')).toHaveText('2 items waiting to send');
  expect(await countPrayers(request, prayer)).toBe(0);

  await goOnline(context, link);
  await expect(page.getByTestId('outbox-count')).toBeHidden({ timeout: 15_000 });
  // Each write is delivered on its own: one may have arrived while the other waits for its
  // next send (a first send on the returning link can get no answer).
  await expect.poll(() => countPrayers(request, prayer)).toBe(1);
  await expect.poll(() => sponsorsNamed(request, company)).toEqual([expect.objectContaining({ active: false })]);
});

async function sponsorsNamed(request: import('@playwright/test').APIRequestContext, name: string): Promise<{ name: string; active: boolean }[]> {
  const all = (await (await request.get(caribbean('/api/sponsors'), { headers: admin })).json()) as { name: string; active: boolean }[];
  return all.filter((s) => s.name === name);
}

test('a delivery whose answer was lost is not stored twice', async ({ page, request }) => {
  const prayer = unique('Lost answer prayer');
  await page.goto(caribbean('/community'));
  await workerInControl(page);
  let dropped = 0;
  // The server gets the first POST and stores the prayer; the page never hears back.
  await page.route('**/api/prayers?tenant=caribbean', async (route) => {
    if (route.request().method() === 'POST' && dropped === 0) {
      dropped += 1;
      await route.fetch();
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });
  await fillPrayer(page, prayer);
  await expect(page.getByTestId('toast')).toContainText('Prayer Submitted', { timeout: 15_000 });
  expect(dropped).toBe(1);
  expect(await countPrayers(request, prayer)).toBe(1);
});

test('a new build shows the update prompt, and the new worker takes over only on Reload', async ({ page }) => {
  const appDir = process.env.APP_DIR ?? path.resolve(import.meta.dirname, '..', 'dist', 'app');
  const swFile = path.join(appDir, 'sw.js');
  const original = fs.readFileSync(swFile, 'utf8');
  await page.goto('/');
  await workerInControl(page);
  const firstWorker = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  try {
    // "Deploy" a new build: any byte change to sw.js is a new worker.
    fs.writeFileSync(swFile, `${original}\n// build ${Date.now()}\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
    await expect(prompt).toBeVisible({ timeout: 15_000 });
    // Still the old worker until the listener agrees.
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await workerInControl(page);
    await expect(page.getByRole('status').filter({ hasText: 'A new version is available' })).toBeHidden();
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toBe(firstWorker);
  } finally {
    fs.writeFileSync(swFile, original);
  }
});

test("a moderator's installed app opens moderation from the network, drawn for them; with the network down, the app's own page", async ({ browser, request, server }) => {
  // WebAuthn refuses an IP origin: the moderator's phone opens the app on localhost.
  const origin = `http://localhost:${server.port}`;
  const name = unique('Mo Installed');
  const invite = await request.post(`${origin}/api/admin/invites`, { headers: admin, data: { name, role: 'moderator' } });
  expect(invite.status()).toBe(201);
  const { url: link } = (await invite.json()) as { url: string };
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, serviceWorkers: 'allow', baseURL: origin, extraHTTPHeaders: { 'X-Forwarded-For': '198.51.200.31' } });
  try {
    const page = await context.newPage();
    await virtualAuthenticator(page);
    await page.goto(link);
    await page.getByRole('button', { name: 'Create passkey' }).click();
    await expect(page.getByRole('heading', { name: 'Content Moderation' })).toBeVisible();
    await workerInControl(page);

    // The worker asks the network for this page (docs/server-render.md, "A moderator's page"):
    // it comes drawn for the moderator, with the newest submission in it.
    const artist = unique('E2E Installed Artist');
    expect((await request.post(`${origin}/api/artists`, { data: { name: artist, bio: `${artist} sings of island life.`, countryCode: 'JM' } })).status()).toBe(201);
    const online = await page.goto('/admin/moderation');
    expect(online!.fromServiceWorker()).toBe(true);
    const html = await online!.text();
    expect(html).toContain(`Approve ${artist}`);
    expect(html).toContain(`"name":"${name}"`);
    await expect(page.getByTestId('moderation-row').filter({ hasText: artist })).toBeVisible();
    // One person's page: the worker keeps no copy of it.
    expect(await kept(page, `${origin}/admin/moderation`)).toBe(false);

    // The network down: the worker's shell, which opens (its queues need the network, and say so).
    await context.setOffline(true);
    const offline = await page.goto('/admin/moderation');
    expect(offline!.status()).toBe(200);
    expect(await offline!.text()).toContain('app-shell');
  } finally {
    await context.close();
  }
});
