import { test as base, expect, type APIRequestContext, type Page, type Request } from '@playwright/test';

export { expect };
export const ADMIN_KEY = 'e2e-admin-key-0123456789';

let n = 0;
/** Each test is its own client address, so the server's per-address rate limits never cross tests. */
export const test = base.extend({
  extraHTTPHeaders: async ({}, use) => {
    n += 1;
    await use({ 'X-Forwarded-For': `198.51.${Math.floor(n / 250) % 250}.${n % 250}` });
  },
});

/** Path on the Caribbean tenant (hosts here have neither name, so the parameter decides). */
export const caribbean = (path: string) => path + (path.includes('?') ? '&' : '?') + 'tenant=caribbean';

/**
 * Saves the watzhott settings with a patch laid over them (PUT takes the whole object) and
 * answers a function that puts the originals back.
 */
export async function changeSettings(request: APIRequestContext, patch: Record<string, unknown>): Promise<() => Promise<void>> {
  const admin = { 'x-admin-key': ADMIN_KEY };
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
  return method === 'GET' && ['/api/np', '/api/np/events', '/api/settings', '/api/ads/serve'].includes(pathname);
}
