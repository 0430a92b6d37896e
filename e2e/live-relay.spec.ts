import type { CDPSession, Page, Request } from '@playwright/test';
import { heardSecond, listenToPage, secondsAfter, startLiveStation, type LiveStation } from '../bench/lib/live-station.mjs';
import { admin, changeSettings, expect, expectNoSideways, readSettings, test } from './fixtures';

// The live relay with a real station (issue 34, docs/live-relay.md): icecast2 fed by ffmpeg
// with a tone whose pitch tells the second it was made (bench/lib/live-station.mjs, shared with
// bench/live-relay.mjs); the server relays it as an HLS ladder, the page's sound is listened to.

let station: LiveStation;
let original: Record<string, unknown> | null = null;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  // Up to three tries of the station (bench/lib/live-station.mjs), then the relay's first segments.
  test.setTimeout(150_000);
  station = await startLiveStation(64);
  original = await readSettings(request);
  await changeSettings(request, { streamUrl: station.url, liveRelay: true });
  // The relay starts within a supervisor pass (5 s) and publishes 4 s segments.
  await expect
    .poll(async () => {
      const res = await request.get('/live/low.m3u8');
      return res.ok() ? (await res.text()).split('\n').filter((l) => l.includes('.ts')).length : 0;
    }, { timeout: 60_000, intervals: [1_000] })
    .toBeGreaterThanOrEqual(3);
});

test.afterAll(async ({ request }) => {
  // The relay off again (it stops within a supervisor pass) before the station goes; the station goes whatever happens.
  try {
    if (original) expect((await request.put('/api/settings', { headers: admin, data: original })).status()).toBe(200);
  } finally {
    await station?.stop();
  }
});

async function startListening(page: Page): Promise<{ segments: Request[]; cdp: CDPSession }> {
  const segments: Request[] = [];
  page.on('request', (r) => {
    if (/\/live\/[a-z]+-[0-9a-f]{8}-\d+\.ts/.test(r.url())) segments.push(r);
  });
  await page.addInitScript(listenToPage);
  await page.goto('/');
  const bar = page.getByRole('region', { name: 'Now playing' });
  await expect(bar.getByRole('button', { name: 'Play', exact: true })).toBeEnabled();
  await bar.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(bar).toHaveAttribute('data-status', 'playing', { timeout: 15_000 });
  // The hand-off: the ladder plays (its segments load) and the expanded bar offers rewind.
  await expect.poll(() => segments.length, { timeout: 20_000 }).toBeGreaterThan(0);
  await bar.getByRole('button', { name: 'Expand player' }).click();
  await expect(bar.getByRole('button', { name: 'Back 30 s' })).toBeVisible({ timeout: 15_000 });
  return { segments, cdp: await page.context().newCDPSession(page) };
}

test('the ladder plays in Chromium and, throttled to 64 kbps, settles on the lowest rung', async ({ page }) => {
  test.setTimeout(120_000);
  const { segments, cdp } = await startListening(page);
  // It is heard: the tone's pitch comes through.
  await expect.poll(() => heardSecond(page), { timeout: 15_000 }).not.toBeNull();
  // Unthrottled on 127.0.0.1, hls.js climbs above the lowest rung.
  await expect.poll(() => segments.some((r) => /\/live\/(mid|high)-/.test(r.url())), { timeout: 30_000 }).toBe(true);

  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 64_000 / 8, uploadThroughput: 64_000 / 8 });
  const throttledAt = segments.length;
  // Settled: the last four segments it asked for are all the lowest rung's, and the sound goes on.
  await expect
    .poll(() => {
      const recent = segments.slice(throttledAt).slice(-4);
      return recent.length === 4 && recent.every((r) => /\/live\/low-/.test(r.url()));
    }, { timeout: 60_000, intervals: [1_000] })
    .toBe(true);
  await expect(page.getByRole('region', { name: 'Now playing' })).toHaveAttribute('data-status', 'playing');
});

test("cut for 60 s and back, 'Pick up where you left off' resumes within 5 s of where the sound stopped", async ({ page }) => {
  test.setTimeout(180_000);
  const { cdp } = await startListening(page);
  const bar = page.getByRole('region', { name: 'Now playing' });
  await expect.poll(() => heardSecond(page), { timeout: 15_000 }).not.toBeNull();

  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  // The buffer plays out: the last second heard is the drop point.
  let lastHeard: number | null = null;
  const cutAt = Date.now();
  while (Date.now() - cutAt < 60_000) {
    const second = await heardSecond(page);
    if (second !== null) lastHeard = second;
    await page.waitForTimeout(250);
  }
  expect(lastHeard).not.toBeNull();
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  const pickUp = bar.getByRole('button', { name: 'Pick up where you left off' });
  await expect(pickUp).toBeVisible({ timeout: 30_000 });
  await expect(bar.getByRole('button', { name: 'Jump to live' })).toBeVisible();
  // The offer fits the phone's 375 px.
  await expectNoSideways(page);
  await pickUp.click();
  await expect(pickUp).toBeHidden();
  // The first second heard after picking up is within 5 s after the drop point (not the live edge, 60 s on).
  let resumed: number | null = null;
  await expect.poll(async () => (resumed = await heardSecond(page)), { timeout: 15_000 }).not.toBeNull();
  const gap = secondsAfter(lastHeard!, resumed!);
  console.log(`live relay pick-up: drop point second ${lastHeard}, resumed at second ${resumed}: ${gap} s after it`);
  expect(gap, `drop point second ${lastHeard}, resumed at second ${resumed}`).toBeLessThanOrEqual(5);
  // About a minute behind live now, as the badge says.
  await expect(bar.getByTestId('live-badge')).toHaveText(/^−[01]:\d\d$/);
  await bar.getByRole('button', { name: 'Jump to live' }).click();
  await expect(bar.getByTestId('live-badge')).toHaveText('LIVE');
});
