import { test as base, expect, type APIRequestContext, type CDPSession, type Page, type Request } from '@playwright/test';
import { E2E_ADMIN_KEY, startWorkerServer, type WorkerServer } from './worker-server';

export { expect };
export const ADMIN_KEY = E2E_ADMIN_KEY;
/** The header of an admin's API calls made straight from a test. */
export const admin = { 'x-admin-key': ADMIN_KEY } as const;

/** A name no other test or run has used, so a test finds its own rows among the demo content. */
export const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

let n = 0;
/**
 * Each worker has its own server and database (worker-server.ts); every page and request of its
 * tests goes there. Each test is its own client address, so the server's per-address rate
 * limits never cross tests.
 */
export const test = base.extend<object, { server: WorkerServer }>({
  server: [
    async ({}, use, workerInfo) => {
      const server = await startWorkerServer(workerInfo.parallelIndex);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.origin);
  },
  extraHTTPHeaders: async ({}, use) => {
    n += 1;
    await use({ 'X-Forwarded-For': `198.51.${Math.floor(n / 250) % 250}.${n % 250}` });
  },
  // A test's own API calls each on a new connection: the server closes a kept-alive one after
  // 5 s idle (docs/api.md "Connections"), and a call that reused one just then, after a few
  // seconds of the test in the browser, failed with ECONNRESET (socket hang up) on a loaded host.
  // Otherwise as Playwright's own: the project's base URL, headers and browser's user agent.
  request: async ({ playwright, baseURL, extraHTTPHeaders, userAgent }, use) => {
    const context = await playwright.request.newContext({ baseURL, userAgent, extraHTTPHeaders: { ...extraHTTPHeaders, Connection: 'close' } });
    await use(context);
    await context.dispose();
  },
});

/** Path on the Caribbean tenant (hosts here have neither name, so the parameter decides). */
export const caribbean = (path: string) => path + (path.includes('?') ? '&' : '?') + 'tenant=caribbean';

/**
 * Saves the watzhott settings with a patch laid over them (PUT takes the whole object) and
 * answers a function that puts the originals back.
 */
export async function changeSettings(request: APIRequestContext, patch: Record<string, unknown>): Promise<() => Promise<void>> {
  const res = await request.get('/api/settings', { headers: admin });
  const { tenant: _tenant, ...stored } = (await res.json()) as Record<string, unknown>;
  // A database that never saved its settings answers defaults with no stream: PUT needs the
  // whole object valid, so those two get stand-ins (the demo seed sets both anyway).
  const current = {
    ...stored,
    streamUrl: stored.streamUrl || '/demo/stream',
    radioHtmlEmbed: String(stored.radioHtmlEmbed ?? '').trim() ? stored.radioHtmlEmbed : '<p>Listen live with the player bar below.</p>',
  };
  const put = await request.put('/api/settings', { headers: admin, data: { ...current, ...patch } });
  expect(put.status(), await put.text()).toBe(200);
  return async () => {
    expect((await request.put('/api/settings', { headers: admin, data: current })).status()).toBe(200);
  };
}

/** The phone layout rule: nothing wider than the screen. */
export async function expectNoSideways(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/**
 * The layout's own public calls, made on every page with or without an admin: settings,
 * now playing (its first answer and its event stream) and the ad slots.
 */
export function isShellCall(r: Request): boolean {
  return isShellPath(r.method(), new URL(r.url()).pathname);
}

export function isShellPath(method: string, pathname: string): boolean {
  // /api/admin/me: the admin gate asking, without a key, whether a passkey session is open.
  return method === 'GET' && ['/api/np', '/api/np/events', '/api/settings', '/api/ads/serve', '/api/admin/me'].includes(pathname);
}

/** The /api calls among those a page made. */
export const apiCalls = (list: Request[]) => list.filter((r) => new URL(r.url()).pathname.startsWith('/api/'));

/** A tenant's settings as PUT takes them back (without the `tenant` the GET adds). */
export async function readSettings(request: APIRequestContext, url = '/api/settings'): Promise<Record<string, unknown>> {
  const res = await request.get(url, { headers: admin });
  expect(res.status()).toBe(200);
  const { tenant: _tenant, ...settings } = (await res.json()) as Record<string, unknown>;
  return settings;
}

/** The page's toast. */
/**
 * Turns Low Data Mode on or off. The switch is on the server's first screen: a tap before the
 * app has started is kept and played once it has (app/lib/player/first-tap/taps-later.ts), so
 * the switch changes a moment after the tap, not at once as Playwright's check() demands.
 */
export async function setLowDataMode(page: Page, on: boolean): Promise<void> {
  const toggle = page.getByRole('switch', { name: 'Low Data Mode' });
  if ((await toggle.isChecked()) !== on) await toggle.click();
  await expect(toggle).toBeChecked({ checked: on });
}

export const toast = (page: Page) => page.getByTestId('toast');

/** Accepts the page's next confirm dialog, which must name `name`. */
export function acceptConfirmNaming(page: Page, name: string): void {
  page.once('dialog', (d) => {
    expect(d.message()).toContain(name);
    void d.accept();
  });
}

/**
 * The real server sees `changes` in the page's settings PUTs: as if the rules had changed
 * under the page, it refuses what the browser accepted.
 */
export async function changeSettingsPuts(page: Page, changes: Record<string, unknown>): Promise<void> {
  await page.route('**/api/settings*', async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    const body = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, ...changes }) });
  });
}

/** An admin page on a 375 px phone, past the gate with the page's own button. */
export async function openAdminOnPhone(page: Page, path: string, button: string): Promise<void> {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(path);
  await unlockAdmin(page, button);
}

/** Passes the admin gate with the page's own button. */
export async function unlockAdmin(page: Page, button: string): Promise<void> {
  await page.getByLabel('Admin key').fill(ADMIN_KEY);
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByTestId('toast')).toContainText('Authentication Successful');
}

export interface GateCase {
  path: string;
  /** The page's own gate button, e.g. 'Access Settings'. */
  button: string;
  /** The success toast's description. */
  welcome: string;
  /** The unlocked page's heading. */
  heading: string;
}

/**
 * The gate every admin page opens with (docs/product.md#screens, docs/product.md#messages): a password field, the button disabled
 * while it is empty, a wrong key refused with the destructive toast and nothing shown, no
 * call carrying a key but the checks themselves; then the right key unlocks. Answers the
 * page's requests from the unlock on, for the caller's own checks.
 */
export async function checkGate(page: Page, gate: GateCase): Promise<Request[]> {
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  await page.goto(gate.path);
  await expect(page.getByRole('heading', { name: 'Admin Authentication' })).toBeVisible();
  const key = page.getByLabel('Admin key');
  await expect(key).toHaveAttribute('type', 'password');
  const button = page.getByRole('button', { name: gate.button });
  await expect(button).toBeDisabled();

  await key.fill('not-the-key');
  await expect(button).toBeEnabled();
  await button.click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Authentication Failed');
  await expect(toast).toContainText('Invalid admin key. Please try again.');
  await expect(page.getByRole('heading', { name: gate.heading })).toBeHidden();
  for (const r of apiCalls(requests)) {
    expect(isShellCall(r), `${r.method()} ${r.url()}`).toBe(true);
    if (r.headers()['x-admin-key']) expect(new URL(r.url()).pathname).toBe('/api/settings');
  }
  requests.length = 0;

  await key.fill(ADMIN_KEY);
  await button.click();
  await expect(toast).toContainText('Authentication Successful');
  await expect(toast).toContainText(gate.welcome);
  await expect(page.getByRole('heading', { name: gate.heading })).toBeVisible();
  return requests;
}

/** After unlocking, every call but the layout's public ones carries the key. */
export function expectKeyOnAdminCalls(requests: Request[]): void {
  for (const r of apiCalls(requests)) {
    if (!isShellCall(r)) expect(r.headers()['x-admin-key'], `${r.method()} ${r.url()}`).toBe(ADMIN_KEY);
  }
}

/** A real 1×1 PNG, for image uploads. */
export const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

export { wav } from '../bench/lib/wav.mjs';

/** Whether the service worker keeps a page for `url` (sw/kept-pages.ts; 'pwa' project). */
export const kept = (page: Page, url: string): Promise<boolean> =>
  page.evaluate(async (url) => {
    for (const name of await caches.keys()) {
      if (name.startsWith('kept-pages-') && (await (await caches.open(name)).match(url))) return true;
    }
    return false;
  }, url);

/**
 * Waits until a service worker is active and controls the page ('pwa' project). Polled:
 * waitForFunction takes an async predicate's promise itself for a truthy answer, so it returned
 * at once, worker or not.
 */
export async function workerInControl(page: Page, timeout = 30_000): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return Boolean(registration?.active && navigator.serviceWorker.controller);
        }),
      { timeout },
    )
    .toBe(true);
}

export interface Authenticator {
  cdp: CDPSession;
  id: string;
}

/** A platform authenticator with user verification (a phone's fingerprint or face), through DevTools' WebAuthn domain. */
export async function virtualAuthenticator(page: Page): Promise<Authenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, id: authenticatorId };
}
