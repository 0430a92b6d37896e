import type { APIRequestContext, Page } from '@playwright/test';
import { cuttingProxy, type CuttingProxy } from '../bench/lib/cutting-proxy.mjs';
import { admin, expect, test as base, unique } from './fixtures';
import { toneMp3 } from './tone-mp3';

// Every later play of the live stream is fed through Media Source Extensions (issue 43,
// app/lib/player/live-feed.ts, docs/server-render.md "Before the app starts"), as the first tap
// is: our own origin's MP3 stream appended to a SourceBuffer, so the element starts on the
// stream's first few KB rather than Chromium's first 32 KB block. Fed means the element playing
// has a MediaSource's `blob:` URL, not the stream's. Each play is the app's own (the app has
// started before the first tap), on a phone with the CPU slowed 6× as e2e/first-tap.spec.ts.
// The time from the tap to `playing` is logged for the bench's eye, never asserted.

const SLOWDOWN = 6;

const test = base.extend<{ link: CuttingProxy }>({
  link: async ({ baseURL }, use) => {
    const proxy = await cuttingProxy(new URL(baseURL!), { cuts: [] });
    await use(proxy);
    await proxy.close();
  },
});

interface Watched {
  __played: HTMLMediaElement[];
  __tapAt: number;
  __playingAt: number;
}

/** Opens `url` with the CPU slowed, every media element the page plays watched, and waits for the app's player. */
async function openWithTheApp(page: Page, url: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
  await page.addInitScript(() => {
    const w = window as unknown as Watched;
    w.__played = [];
    w.__tapAt = w.__playingAt = 0;
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      if (!w.__played.includes(this)) {
        w.__played.push(this);
        this.addEventListener('playing', () => (w.__playingAt = performance.now()));
      }
      return play.call(this);
    };
    addEventListener('pointerdown', () => (w.__tapAt = performance.now()), true);
  });
  await page.goto(url);
  await page.waitForFunction(() => Boolean((window as { __radioPlayer?: unknown }).__radioPlayer), undefined, { timeout: 30_000 });
}

/** The sources of the elements playing: one, a MediaSource's (fed), when the stream is fed. */
const playingSources = (page: Page) => page.evaluate(() => (window as unknown as Watched).__played.filter((m) => !m.paused).map((m) => m.src));

/** Waits for the bar to play after the tap `what`, and logs the time from the tap to `playing`. */
async function playsAfter(page: Page, what: string): Promise<void> {
  await expect(page.getByRole('region', { name: 'Now playing' })).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
  const ms = await page.evaluate(() => {
    const w = window as unknown as Watched;
    return Math.round(w.__playingAt - w.__tapAt);
  });
  test.info().annotations.push({ type: 'tap to playing', description: `${what}: ${ms} ms` });
  console.log(`tap to playing, ${what}: ${ms} ms`);
}

async function expectFed(page: Page): Promise<void> {
  expect(await playingSources(page)).toEqual([expect.stringMatching(/^blob:/)]);
}

const bar = (page: Page) => page.getByRole('region', { name: 'Now playing' });

/** `title` (a track or an episode) plays in the bar; then 'Back to Live', which must be fed. */
async function backToLiveAfter(page: Page, title: string, what: string): Promise<void> {
  await expect(bar(page).getByTestId('np-title')).toHaveText(title);
  await expect(bar(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
  await bar(page).getByRole('button', { name: 'Back to Live' }).click();
  await expect(bar(page).getByText('LIVE', { exact: true })).toBeVisible();
  await playsAfter(page, `Back to Live after ${what}`);
  await expectFed(page);
}

test('pause then play: the stream is fed again, from a new request', async ({ page }) => {
  const streams: string[] = [];
  page.on('request', (r) => new URL(r.url()).pathname === '/demo/stream' && streams.push(r.resourceType()));
  await openWithTheApp(page, '/');
  await bar(page).getByRole('button', { name: 'Play', exact: true }).click();
  await playsAfter(page, 'first play by the app');
  await expectFed(page);
  await bar(page).getByRole('button', { name: 'Pause' }).click();
  await expect(bar(page)).toHaveAttribute('data-status', 'paused');
  await bar(page).getByRole('button', { name: 'Play', exact: true }).click();
  await playsAfter(page, 'pause then play');
  await expectFed(page);
  // Each play its own request, made by the feed (a live stream resumes at its live edge).
  expect(streams).toEqual(['fetch', 'fetch']);
});

// On a repeat visit the app's scripts come from the worker at once, and the app can take the
// listener's first tap before its own copy of the feed has come (a chunk fetched after the load
// event, app/lib/player/player.ts): that play is fed with the page's copy, which the first-tap
// script carries, not the element's plain src. The chunk is held here until the stream plays.
test("a play before the feed's own chunk has come is fed with the page's copy", async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(/\/assets\/after-load-[^/]*\.js$/, async (route) => {
    asked = true;
    await held;
    await route.continue().catch(() => {});
  });
  const streams: string[] = [];
  page.on('request', (r) => new URL(r.url()).pathname === '/demo/stream' && streams.push(r.resourceType()));
  await openWithTheApp(page, '/');
  try {
    // Asked once the load event has come, which may be just after the player is there.
    await expect.poll(() => asked).toBe(true);
    await bar(page).getByRole('button', { name: 'Play', exact: true }).click();
    await playsAfter(page, "first play by the app, with the page's feed");
    await expectFed(page);
    expect(streams).toEqual(['fetch']);
  } finally {
    release();
  }
});

/** A demo track (its artist page and title): the demo data's tracks play the demo tune. */
async function demoTrack(request: APIRequestContext): Promise<{ artistId: string; title: string; fileUrl: string }> {
  const tracks = (await (await request.get('/api/tracks?limit=100')).json()) as { artistId: string; title: string; fileUrl: string }[];
  const track = tracks.find((t) => t.fileUrl.startsWith('/demo/'));
  expect(track).toBeTruthy();
  return track!;
}

test("'Back to Live' after a track feeds the stream", async ({ page, request }) => {
  const track = await demoTrack(request);
  await openWithTheApp(page, `/artists/${track.artistId}`);
  await page.getByRole('button', { name: `Play ${track.title}` }).first().click();
  await backToLiveAfter(page, track.title, 'a track');
});

test("'Back to Live' after an episode feeds the stream", async ({ page, request }) => {
  // An episode: uploaded as any file is, published by an admin.
  const upload = await request.post('/api/uploads', { multipart: { file: { name: 'episode.mp3', mimeType: 'audio/mpeg', buffer: toneMp3(30, 330) } } });
  expect(upload.status(), await upload.text()).toBe(201);
  const title = unique('Feed Test');
  const audioUrl = ((await upload.json()) as { url: string }).url;
  const created = await request.post('/api/episodes', { headers: admin, data: { title, audioUrl, status: 'published' } });
  expect(created.status(), await created.text()).toBe(201);

  await openWithTheApp(page, '/episodes');
  await page.getByTestId('episode').filter({ hasText: title }).first().getByRole('button', { name: `Play: ${title}` }).click();
  await backToLiveAfter(page, title, 'an episode');
});

// The page through a proxy the test takes down: every connection to the server drops, the
// stream's with them, and none is let through until it is up again.
test('a reconnect after the stream is cut feeds the stream', async ({ page, link }) => {
  await openWithTheApp(page, `${link.url}/`);
  await bar(page).getByRole('button', { name: 'Play', exact: true }).click();
  await expect(bar(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
  const before = await playingSources(page);
  link.down();
  await expect(bar(page).getByText('Reconnecting…')).toBeVisible({ timeout: 20_000 });
  link.up();
  // No tap: the player's own reconnect.
  await expect(bar(page)).toHaveAttribute('data-status', 'playing', { timeout: 30_000 });
  await expectFed(page);
  expect(await playingSources(page)).not.toEqual(before);
});
