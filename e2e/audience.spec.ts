import { expect, test, unlockAdmin } from './fixtures';

// The listener report end to end (docs/api.md "Audience"): on a 375 px phone, the demo stream
// plays for three minutes of the page's clock (Playwright's page.clock drives the heartbeats;
// the server takes the device's times, which stay within its 5-minute allowance), is paused,
// and the session shows on /admin/audience.
test('three minutes of the demo stream show on /admin/audience', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.clock.install();
  const beacons: { e: string; seq: number; kind: string }[] = [];
  // The chart library is this page's alone: the listener's pages (and the service worker's
  // precache) never fetch it.
  const chartLibrary: string[] = [];
  page.on('request', (r) => {
    if (/uPlot/i.test(new URL(r.url()).pathname)) chartLibrary.push(r.url());
    if (new URL(r.url()).pathname !== '/api/listening') return;
    const body = JSON.parse(r.postData() ?? '{}') as { events?: { e: string; seq: number; kind: string }[] };
    beacons.push(...(body.events ?? []));
  });
  // Each beacon answered before the clock moves on, as a minute between beats would let it be
  // (the server's handling of beats sent together is audience.test.ts's).
  let answered = 0;
  page.on('requestfinished', (r) => {
    if (new URL(r.url()).pathname === '/api/listening') answered += 1;
  });

  await page.goto('/');
  const bar = page.getByRole('region', { name: 'Now playing' });
  await bar.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(bar).toHaveAttribute('data-status', 'playing', { timeout: 15_000 });
  await expect.poll(() => beacons.map((b) => b.e)).toEqual(['start']);
  await expect.poll(() => answered).toBe(1);

  for (let minute = 1; minute <= 3; minute++) {
    await page.clock.runFor(60_000);
    await expect.poll(() => answered).toBe(1 + minute);
  }
  await expect.poll(() => beacons.map((b) => b.e)).toEqual(['start', 'beat', 'beat', 'beat']);
  expect(beacons.map((b) => b.seq)).toEqual([0, 1, 2, 3]);
  expect(beacons[0]!.kind).toBe('live');

  await bar.getByRole('button', { name: 'Pause' }).click();
  await expect.poll(() => beacons.at(-1)?.e).toBe('stop');
  await expect.poll(() => answered).toBe(5);
  // Nothing while paused.
  await page.clock.runFor(120_000);
  expect(beacons).toHaveLength(5);

  expect(chartLibrary).toEqual([]);
  await page.goto('/admin/audience');
  await unlockAdmin(page, 'Access Audience');
  await expect(page.getByRole('heading', { name: 'Audience', level: 1 })).toBeVisible();
  // Other specs may listen on this server too: at least this session's three minutes.
  await expect.poll(async () => Number(await page.getByTestId('sessions').textContent())).toBeGreaterThanOrEqual(1);
  expect(Number(await page.getByTestId('total-hours').textContent())).toBeGreaterThanOrEqual(0.05);
  expect(Number(await page.getByTestId('unique-listeners').textContent())).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole('table', { name: 'Hours with listeners' })).toBeVisible();
  // Drawn by the chart library, fetched by this page, in a box the width of the phone.
  for (const chart of ['hours-chart', 'days-chart', 'kinds-chart']) await expect(page.getByTestId(chart).locator('canvas')).toBeVisible();
  expect(chartLibrary.length).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print summary' })).toBeVisible();
  // The page fits the phone: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.goto('/');
  await page.getByRole('link', { name: 'Privacy' }).click();
  await expect(page.getByRole('heading', { name: 'Privacy', level: 1 })).toBeVisible();
});
