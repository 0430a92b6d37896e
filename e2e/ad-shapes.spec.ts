import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN_KEY, expect, expectNoSideways, test } from './fixtures';

const admin = { 'x-admin-key': ADMIN_KEY };
const ALL_SLOTS = ['leaderboard', 'sidebar', 'infeed', 'artists', 'directory', 'schedule', 'footer'];
/** Each slot's declared box (domain catalog / the ad-slot component). */
const BOX: Record<string, number> = { leaderboard: 728 / 90, footer: 728 / 90, sidebar: 300 / 250, directory: 300 / 250, infeed: 3, artists: 3, schedule: 3 };
const MAX_WIDTH: Record<string, number> = { leaderboard: 728, footer: 728, sidebar: 300, directory: 300, infeed: 600, artists: 600, schedule: 600 };
const PAGES = ['/', '/artists', '/artists/directory', '/schedule'];

async function uploadPng(request: APIRequestContext, width: number, height: number): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } }).png().toBuffer();
  const res = await request.post('/api/uploads', { multipart: { file: { name: `ad-${width}x${height}.png`, mimeType: 'image/png', buffer: png } } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { url: string }).url;
}

/** Only our ad is active while the test runs; the others are put back afterwards. */
async function onlyThisAd(request: APIRequestContext, origin: string, imageUrl: string, alt: string) {
  const ads = (await (await request.get('/api/ads', { headers: admin })).json()) as { id: string; active: boolean }[];
  const wasActive = ads.filter((a) => a.active);
  for (const a of wasActive) expect((await request.patch(`/api/ads/${a.id}`, { headers: admin, data: { active: false } })).status()).toBe(200);
  const created = await request.post('/api/ads', { headers: admin, data: { imageUrl, targetUrl: `${origin}/sponsors`, alt, slots: ALL_SLOTS, countries: [], active: true } });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  return {
    id,
    async restore() {
      await request.delete(`/api/ads/${id}`, { headers: admin });
      for (const a of wasActive) await request.patch(`/api/ads/${a.id}`, { headers: admin, data: { active: true } });
    },
  };
}

async function checkSlots(page: Page, alt: string, id: string) {
  const slots = page.locator('aside.ad-box');
  await expect(page.locator('.ad-box').first()).toBeAttached();
  // A slot below the fold is served once it comes near view: go down the page until every
  // slot has been (the page's lower part may still be arriving on the first pass).
  await expect
    .poll(async () => {
      await page.evaluate(async () => {
        for (let y = 0; y <= document.documentElement.scrollHeight; y += window.innerHeight / 2) {
          window.scrollTo(0, y);
          await new Promise((r) => requestAnimationFrame(() => r(null)));
        }
      });
      return page.locator('.ad-box.placeholder').count();
    })
    .toBe(0);
  await expect(slots.first()).toBeVisible();
  // Every creative has loaded, so any overflow of its own shape would show now.
  await expect.poll(() => page.locator(`aside.ad-box img[alt="${alt}"]`).evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0))).toBe(true);
  const count = await slots.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const slot = slots.nth(i);
    // In the middle of the screen where it can be, clear of the sticky player bar.
    await slot.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
    const name = ((await slot.getAttribute('class')) ?? '').split(' ').find((c) => c.startsWith('ad-') && c !== 'ad-slot' && c !== 'ad-box')!.slice(3);
    const link = slot.getByRole('link');
    await expect(link).toHaveAttribute('href', `/out/${id}`);
    await expect(link).toHaveAttribute('target', '_blank');
    // Slot, link and creative measured in one go: the page above may still be filling in
    // (a background render), and three separate reads could each see another layout.
    const { box, linkBox, img } = await slot.evaluate((el) => {
      const rect = (e: Element) => {
        const r = e.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      };
      return { box: rect(el), linkBox: rect(el.querySelector('a')!), img: rect(el.querySelector('img')!) };
    });
    // The slot keeps its declared shape and size, whatever the creative's shape.
    expect(box.width, name).toBeLessThanOrEqual(MAX_WIDTH[name]! + 0.5);
    expect(Math.abs(box.width / box.height - BOX[name]!) / BOX[name]!, `${name} ${box.width}×${box.height}`).toBeLessThan(0.03);
    // The creative is drawn inside it, and the whole box is the one link.
    expect(img.y).toBeGreaterThanOrEqual(box.y - 0.5);
    expect(img.y + img.height).toBeLessThanOrEqual(box.y + box.height + 0.5);
    expect(img.x).toBeGreaterThanOrEqual(box.x - 0.5);
    expect(img.x + img.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
    expect(Math.abs(linkBox.height - box.height)).toBeLessThan(1);
    expect(Math.abs(linkBox.width - box.width)).toBeLessThan(1);
    // What is drawn at the slot's corners is the link; just below the slot, it is not the ad.
    // Scrolled (to the middle of the screen where it can be, clear of the sticky player bar),
    // measured and hit-tested in one go, so a late layout change cannot slip in between.
    const hits = await slot.evaluate((el, sel) => {
      el.scrollIntoView({ block: 'center', behavior: 'instant' });
      const b = el.getBoundingClientRect();
      const inAd = (x: number, y: number) => Boolean(document.elementFromPoint(x, y)?.closest(sel));
      const at = (x: number, y: number) => document.elementFromPoint(x, y)?.outerHTML.slice(0, 80) ?? 'nothing';
      const below = b.bottom + 4;
      return {
        hits: { corner: inAd(b.left + 2, b.top + 2), far: inAd(b.right - 2, b.bottom - 2), below: below < window.innerHeight ? inAd(b.left + b.width / 2, below) : false },
        what: `${at(b.left + 2, b.top + 2)} | ${at(b.right - 2, b.bottom - 2)} (${b.top}–${b.bottom} of ${window.innerHeight})`,
      };
    }, `a[href="/out/${id}"]`);
    expect(hits.hits, `${name}: ${hits.what}`).toEqual({ corner: true, far: true, below: false });
  }
}

for (const [shape, w, h] of [
  ['square', 600, 600],
  ['tall', 160, 600],
  ['1×1', 1, 1],
] as const) {
  test(`a ${shape} creative stays inside every slot's box and the whole slot links to /out/{id}`, async ({ page, request, baseURL }) => {
    test.setTimeout(90_000); // four pages, every slot measured
    const alt = `Shape test ${shape}`;
    const ad = await onlyThisAd(request, baseURL!, await uploadPng(request, w, h), alt);
    try {
      for (const path of PAGES) {
        await page.goto(path);
        await checkSlots(page, alt, ad.id);
        await expectNoSideways(page);
      }
    } finally {
      await ad.restore();
    }
  });
}

test('a square ad in the 728×90 leaderboard opens /out/{id} in a new tab, which counts the click', async ({ page, request, baseURL }) => {
  const alt = 'Square leaderboard';
  const ad = await onlyThisAd(request, baseURL!, await uploadPng(request, 500, 500), alt);
  try {
    await page.goto('/');
    const link = page.locator('aside.ad-leaderboard').getByRole('link');
    await expect(link.locator('img')).toBeVisible();
    const box = (await page.locator('aside.ad-leaderboard').boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(91);
    const [popup] = await Promise.all([page.waitForEvent('popup'), link.click({ position: { x: 3, y: 3 } })]);
    await popup.waitForLoadState();
    // /out/{id} answered 302 to the ad's target.
    expect(new URL(popup.url()).pathname).toBe('/sponsors');
    const ads = (await (await request.get('/api/ads', { headers: admin })).json()) as { id: string; clicks: number }[];
    expect(ads.find((a) => a.id === ad.id)?.clicks).toBe(1);
    await popup.close();
  } finally {
    await ad.restore();
  }
});
