import { expect, test } from './fixtures';
import { APP_START_MS, SLOWED_TEST_MS, expectSound, firstVisit, holdTheApp, tapWhenPainted } from './tap-at-first-sight';

// Its tests only read (each a fresh first visit), so they spread over the workers (docs/setup.md).
test.describe.configure({ mode: 'parallel', timeout: SLOWED_TEST_MS });

// The first tap always works (issue 29, docs/server-render.md "Before the app starts"): on a
// page the server rendered, every control works the moment it is painted, before, during and
// after the app's start. Each control is tapped as soon as it shows, with the CPU slowed 6×
// (Chromium's own throttling, as a low-tier phone), on a first visit (a fresh browser context:
// no cache, no service worker), five times each; none may be lost. Phone project only
// (e2e/playwright.config.ts); the More menu, a wide screen's, is tapped at 1100 px.

const RUNS = 5;

for (let run = 1; run <= RUNS; run++) {
  test.describe(`first tap, run ${run} of ${RUNS}`, () => {
    test('the phone menu opens, its tenant switch opens its dialog, and both close', async ({ page }) => {
      await firstVisit(page, '/schedule');
      await tapWhenPainted(page, page.getByRole('button', { name: 'Open menu' }));
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await expect(drawer).toBeVisible({ timeout: 3_000 });
      await tapWhenPainted(page, drawer.getByRole('button', { name: 'Switch to Caribbean Praise' }));
      const dialog = page.getByRole('dialog', { name: 'Switch to Caribbean Praise' });
      await expect(dialog).toBeVisible({ timeout: 3_000 });
      await tapWhenPainted(page, dialog.getByRole('button', { name: 'Cancel' }));
      await expect(dialog).toBeHidden({ timeout: 3_000 });
      await tapWhenPainted(page, drawer.getByRole('button', { name: 'Close menu' }));
      await expect(drawer).toBeHidden({ timeout: 3_000 });
    });

    test("the menu's links navigate", async ({ page }) => {
      await firstVisit(page, '/artists');
      await tapWhenPainted(page, page.getByRole('button', { name: 'Open menu' }));
      await tapWhenPainted(page, page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Schedule' }));
      await expect(page).toHaveURL(/\/schedule$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
    });

    test("a page's link navigates", async ({ page }) => {
      await firstVisit(page, '/artists');
      await tapWhenPainted(page, page.getByRole('link', { name: 'Browse Artist Directory' }));
      await expect(page).toHaveURL(/\/artists\/directory$/);
    });

    test('Listen Live starts the stream, which the app then keeps', async ({ page }) => {
      await firstVisit(page, '/');
      const listen = page.getByRole('button', { name: 'Listen Live' });
      await tapWhenPainted(page, listen);
      await expectSound(page);
      // The app, once started, shows the stream the first tap started, and can stop it.
      const bar = page.getByRole('region', { name: 'Now playing' });
      await expect(bar).toHaveAttribute('data-status', 'playing', { timeout: APP_START_MS });
      await page.getByRole('button', { name: 'Pause' }).first().click();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __played: HTMLMediaElement[] }).__played.filter((m) => !m.paused).length))
        .toBe(0);
    });

    test("the bar's play button starts the stream", async ({ page }) => {
      await firstVisit(page, '/schedule');
      await tapWhenPainted(page, page.getByRole('region', { name: 'Now playing' }).getByRole('button', { name: 'Play', exact: true }));
      await expectSound(page);
      await expect(page.getByRole('region', { name: 'Now playing' })).toHaveAttribute('data-status', 'playing', { timeout: APP_START_MS });
    });

    test("a country chip on /artists picks its country", async ({ page }) => {
      await firstVisit(page, '/artists');
      const chip = page.getByRole('list', { name: 'Countries' }).getByRole('button', { name: 'Barbados' });
      await tapWhenPainted(page, chip);
      await expect(chip).toHaveAttribute('aria-pressed', 'true', { timeout: APP_START_MS });
      await expect(page.getByRole('link', { name: 'See artists from Barbados' })).toBeVisible();
    });

    test.describe('on a wide screen', () => {
      test.use({ viewport: { width: 1100, height: 800 }, hasTouch: true, isMobile: false });
      test('the More menu opens and closes', async ({ page }) => {
        await firstVisit(page, '/artists');
        const more = page.locator('details.nav-more');
        await tapWhenPainted(page, more.locator('summary'));
        await expect(more).toHaveAttribute('open', '', { timeout: 3_000 });
        await expect(more.getByRole('link', { name: 'Give' })).toBeVisible();
        await tapWhenPainted(page, more.locator('summary'));
        await expect(more).not.toHaveAttribute('open', { timeout: 3_000 });
      });
    });
  });
}

// A tab tapped before the app has started is held, and opened once the app has it (the schedule's
// Shows and Events, app/lib/player/first-tap/taps-later.ts). The app's entry is held until the tap has landed, so
// the tap always meets the page before the app.
test("the schedule's Events tab tapped before the app opens once the app has started", async ({ page }) => {
  const releaseEntry = await holdTheApp(page);
  await firstVisit(page, '/schedule');
  const events = page.getByRole('tab', { name: 'Events' });
  await tapWhenPainted(page, events);
  await expect(events).toHaveAttribute('aria-busy', 'true');
  releaseEntry();
  await expect(events).toHaveAttribute('aria-selected', 'true', { timeout: APP_START_MS });
  await expect(page.getByRole('tabpanel')).toHaveAttribute('id', /-panel-events$/);
  await expect(events).not.toHaveAttribute('aria-busy', 'true');
});

// The bar's Mute and Expand, and the tenant switch's Continue, need the app: tapped before it
// has started, each is held and made once the app has it.
test("the bar's Expand and Mute tapped before the app work once it has started", async ({ page }) => {
  const release = await holdTheApp(page);
  await firstVisit(page, '/');
  const bar = page.getByRole('region', { name: 'Now playing' });
  const expand = bar.getByRole('button', { name: 'Expand player' });
  const mute = bar.getByRole('button', { name: 'Mute' });
  await tapWhenPainted(page, expand);
  await tapWhenPainted(page, mute);
  await expect(expand).toHaveAttribute('aria-busy', 'true');
  await expect(mute).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(bar.getByRole('button', { name: 'Collapse player' })).toHaveAttribute('aria-expanded', 'true', { timeout: APP_START_MS });
  await expect(bar.getByRole('button', { name: 'Unmute' })).toBeVisible();
});

test("the tenant switch's Continue tapped before the app switches once it has started", async ({ page }) => {
  const release = await holdTheApp(page);
  await firstVisit(page, '/');
  await tapWhenPainted(page, page.getByRole('button', { name: 'Open menu' }));
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await tapWhenPainted(page, drawer.getByRole('button', { name: 'Switch to Caribbean Praise' }));
  const dialog = page.getByRole('dialog', { name: 'Switch to Caribbean Praise' });
  await tapWhenPainted(page, dialog.getByRole('button', { name: 'Continue' }));
  await expect(dialog.getByRole('button', { name: 'Continue' })).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(page).toHaveURL(/[?&]tenant=caribbean/, { timeout: APP_START_MS });
});

// Listen Live before the app feeds the stream to its element through Media Source Extensions
// (app/lib/player/first-tap/first-tap.script.ts): the element starts on the stream's first few KB instead of
// Chromium's first 32 KB block (docs/performance.md, "Time to first sound"). The app adopts
// that element, and its pause must close the feed's connection as it would a plain `src`'s.
test('Listen Live before the app plays through a feed whose connection the pause closes', async ({ page }) => {
  const open = new Set<string>();
  page.on('request', (r) => r.url().includes('/demo/stream') && open.add(r.url() + r.resourceType()));
  const ended = (r: { url(): string; resourceType(): string }) => open.delete(r.url() + r.resourceType());
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  const release = await holdTheApp(page);
  await firstVisit(page, '/');
  await tapWhenPainted(page, page.getByRole('button', { name: 'Listen Live' }));
  await expectSound(page);
  const src = await page.evaluate(() => (window as unknown as { __played: HTMLMediaElement[] }).__played[0]!.src);
  expect(src).toMatch(/^blob:/);
  expect([...open]).toEqual([expect.stringMatching(/\/demo\/stream.*fetch$/)]);
  release();
  const bar = page.getByRole('region', { name: 'Now playing' });
  await expect(bar).toHaveAttribute('data-status', 'playing', { timeout: APP_START_MS });
  await bar.getByRole('button', { name: 'Pause' }).click();
  await expect.poll(() => open.size, { timeout: 5_000 }).toBe(0);
  // Played again by the app: its own element's plain source, the stream heard again.
  await bar.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(bar).toHaveAttribute('data-status', 'playing', { timeout: APP_START_MS });
});

// A browser without Media Source Extensions (an older iPhone's Safari): the first tap's element
// gets the stream as its plain `src`, and plays.
test('Listen Live before the app plays on a browser without Media Source Extensions', async ({ page }) => {
  await page.addInitScript(() => {
    delete (window as { MediaSource?: unknown }).MediaSource;
  });
  const release = await holdTheApp(page);
  await firstVisit(page, '/');
  await tapWhenPainted(page, page.getByRole('button', { name: 'Listen Live' }));
  await expectSound(page);
  const src = await page.evaluate(() => (window as unknown as { __played: HTMLMediaElement[] }).__played[0]!.src);
  expect(src).toMatch(/\/demo\/stream$/);
  release();
  await expect(page.getByRole('region', { name: 'Now playing' })).toHaveAttribute('data-status', 'playing', { timeout: APP_START_MS });
});

// The player's after-load chunk (the listening beacon and the app's own feed) is fetched on the
// load event, which comes as the app's scripts have run: while the stream the first tap started
// still connects, it waits for the first sound (app/lib/player/player.ts), as the app's start
// steps do (docs/performance.md, "Time to first sound").
test("Listen Live before the app: the player's after-load chunk waits for the stream's first sound", async ({ page }) => {
  let releaseStream!: () => void;
  const streamHeld = new Promise<void>((resolve) => (releaseStream = resolve));
  await page.route(/\/demo\/stream/, async (route) => {
    await streamHeld;
    await route.continue().catch(() => {});
  });
  const afterLoad: number[] = [];
  page.on('request', (r) => /\/assets\/after-load-[\w-]+\.js$/.test(r.url()) && afterLoad.push(Date.now()));
  const release = await holdTheApp(page);
  await firstVisit(page, '/');
  await tapWhenPainted(page, page.getByRole('button', { name: 'Listen Live' }));
  release();
  await page.waitForFunction(() => document.readyState === 'complete', null, { timeout: APP_START_MS });
  // Loaded, the stream still on its way: the chunk waits (at most 2 s, FIRST_TAP_WAIT_MS).
  await page.waitForTimeout(600);
  expect(afterLoad).toEqual([]);
  const heardFrom = Date.now();
  releaseStream();
  await expectSound(page);
  await expect.poll(() => afterLoad.length, { timeout: APP_START_MS }).toBe(1);
  expect(afterLoad[0]).toBeGreaterThanOrEqual(heardFrom);
});

// A button nobody marked for the page's script (the country chips of /artists): tapped before
// the app has started, it is held, and made again once React listens (app/lib/player/first-tap/taps-later.ts).
test('a country chip tapped before the app picks its country once the app has started', async ({ page }) => {
  const release = await holdTheApp(page);
  await firstVisit(page, '/artists');
  const chip = page.getByRole('list', { name: 'Countries' }).getByRole('button', { name: 'Barbados' });
  await tapWhenPainted(page, chip);
  await expect(chip).toHaveAttribute('aria-busy', 'true');
  await expect(chip).toHaveAttribute('aria-pressed', 'false');
  release();
  await expect(chip).toHaveAttribute('aria-pressed', 'true', { timeout: APP_START_MS });
  await expect(chip).not.toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('link', { name: 'See artists from Barbados' })).toBeVisible();
});

// The app's entry runs once the page has painted (issue 43, app/lib/start-after-paint/): run as
// the page's module script, its evaluation, the page's longest task, came between the parse
// and the first frame after it, and held that frame and a tap's stream behind it.
test("the app's entry runs after the page is parsed and a frame has been drawn", async ({ page }) => {
  await page.addInitScript(() => {
    const seen = window as unknown as { __parsed: boolean; __frames: number; __framesAtStart?: number };
    seen.__parsed = false;
    seen.__frames = 0;
    document.addEventListener('DOMContentLoaded', () => (seen.__parsed = true));
    // Frames drawn since the page was parsed.
    const frame = () => {
      if (seen.__parsed) seen.__frames += 1;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    // The player's module sets it as the entry's imports run (app/lib/player/first-tap/first-tap.ts).
    Object.defineProperty(window, '__radioPlayer', {
      configurable: true,
      set(player: unknown) {
        seen.__framesAtStart ??= seen.__parsed ? seen.__frames : -1;
        Object.defineProperty(window, '__radioPlayer', { value: player, writable: true, configurable: true });
      },
    });
  });
  await firstVisit(page, '/');
  const framesAtStart = () => page.evaluate(() => (window as unknown as { __framesAtStart?: number }).__framesAtStart);
  await expect.poll(framesAtStart, { timeout: APP_START_MS }).toBeDefined();
  expect(await framesAtStart()).toBeGreaterThan(0);
});
