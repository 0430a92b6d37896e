import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { APP_START_MS, SLOWED_TEST_MS, expectSound, firstVisit, holdTheApp, tapWhenPainted } from './tap-at-first-sight';

// Its tests only read (each a fresh first visit), so they spread over the workers (docs/setup.md).
test.describe.configure({ mode: 'parallel', timeout: SLOWED_TEST_MS });

// Every public page works at first sight (issue 43, docs/server-render.md "Before the app
// starts"): on /events, /watch and /sponsors, once the app's static shell, the menu, the player
// bar and each of the page's links and buttons work the moment they are painted. Each control
// is tapped on a first visit with the CPU slowed 6× (e2e/tap-at-first-sight.ts): once with the
// app's entry held back until the tap has landed (the page as the server sent it: the shell
// painted no such control, and its menu button did nothing), and RUNS times racing the app's
// start. Phone project only (e2e/playwright.config.ts).

const RUNS = 2;
/** With the app held, a control the server did not paint never shows: a short wait says so. */
const HELD_PAINT_MS = 10_000;

interface Control {
  path: string;
  name: string;
  /** Before the visit: what the page's answer needs (a stand-in for an outside site). */
  prepare?: (page: Page) => Promise<void>;
  control: (page: Page) => Locator;
  /** What works before the app has started (checked before the held app is let go). */
  before?: (page: Page) => Promise<void>;
  /** What the app, once started, has done with the tap. */
  after?: (page: Page) => Promise<void>;
}

const bar = (page: Page) => page.getByRole('region', { name: 'Now playing' });
/** The painted menu button, whatever its name says: the shell's was there and did nothing. */
const menuButton = (page: Page) => page.locator('header .menu-button');

/** A link opening an outside site in a new tab: the site is a stand-in, the tab its address. */
function opensOutside(host: RegExp): Pick<Control, 'prepare' | 'before'> {
  return {
    prepare: async (page) => {
      await page.context().route(host, (route) => route.fulfill({ contentType: 'text/html', body: '<title>outside</title>' }));
    },
    before: async (page) => {
      await expect.poll(() => page.context().pages().map((p) => p.url()).filter((url) => host.test(url)).length, { timeout: APP_START_MS }).toBe(1);
    },
  };
}

/** Both pages' invitations lead to the sponsor application. */
async function onSponsorForm(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/sponsors\/submit$/, { timeout: APP_START_MS });
  await expect(page.getByRole('heading', { level: 1, name: 'Become a Sponsor' })).toBeVisible();
}

const CONTROLS: Control[] = [
  ...['/events', '/watch', '/sponsors'].flatMap((path): Control[] => [
    {
      path,
      name: 'the phone menu opens and closes',
      control: menuButton,
      before: async (page) => {
        const drawer = page.getByRole('dialog', { name: 'Menu' });
        await expect(drawer).toBeVisible({ timeout: 3_000 });
        await tapWhenPainted(page, drawer.getByRole('button', { name: 'Close menu' }));
        await expect(drawer).toBeHidden({ timeout: 3_000 });
      },
    },
    {
      path,
      name: "the player bar's Play plays the stream, which the app keeps",
      control: (page) => bar(page).getByRole('button', { name: 'Play', exact: true }),
      before: expectSound,
      after: (page) => expect(bar(page)).toHaveAttribute('data-status', 'playing', { timeout: APP_START_MS }),
    },
  ]),
  {
    path: '/events',
    name: 'Promote Your Event goes to the sponsor form',
    control: (page) => page.getByRole('button', { name: 'Promote Your Event' }),
    before: onSponsorForm,
  },
  {
    path: '/events',
    name: "an event's Get Tickets opens its ticket page",
    control: (page) => page.getByRole('button', { name: /^Get Tickets/ }).first(),
    ...opensOutside(/^https:\/\/tickets\.watzhott\.example\//),
  },
  {
    path: '/sponsors',
    name: 'Become a Sponsor goes to the sponsor form',
    control: (page) => page.getByRole('link', { name: 'Become a Sponsor' }),
    before: onSponsorForm,
  },
  {
    path: '/sponsors',
    name: "a sponsor's link opens its site",
    control: (page) => page.getByRole('link', { name: /^Visit / }).first(),
    ...opensOutside(/^https:\/\/[a-z]+\.example\/$/),
  },
  {
    path: '/watch',
    name: 'a reaction floats up',
    control: (page) => page.getByRole('button', { name: 'React with fire' }),
    after: (page) => expect(page.getByTestId('floating-reaction').filter({ has: page.locator('svg[data-reaction="fire"]') })).toHaveCount(1, { timeout: APP_START_MS }),
  },
  {
    path: '/watch',
    name: 'Share opens the share sheet',
    prepare: async (page) => {
      await page.addInitScript(() => {
        const shared: unknown[] = [];
        (window as unknown as { __shared: unknown[] }).__shared = shared;
        Object.defineProperty(Navigator.prototype, 'share', {
          value: (data: unknown) => (shared.push(data), Promise.resolve()),
          configurable: true,
        });
      });
    },
    control: (page) => page.getByRole('button', { name: 'Share' }),
    after: async (page) => {
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __shared: { url: string }[] }).__shared.map((d) => d.url)), { timeout: APP_START_MS })
        .toEqual([page.url()]);
    },
  },
  {
    path: '/watch',
    name: 'Audio only plays the stream',
    control: (page) => page.getByRole('button', { name: 'Audio only' }),
    after: async (page) => {
      await expectSound(page);
      await expect(page.getByRole('button', { name: 'Audio only' })).toHaveAttribute('aria-pressed', 'true', { timeout: APP_START_MS });
    },
  },
];

for (const { path, name, prepare, control, before, after } of CONTROLS) {
  test.describe(`${path}: ${name}`, () => {
    test('tapped before the app has started', async ({ page }) => {
      await prepare?.(page);
      const release = await holdTheApp(page);
      await firstVisit(page, path);
      await tapWhenPainted(page, control(page), HELD_PAINT_MS);
      await before?.(page);
      release();
      await after?.(page);
    });

    for (let run = 1; run <= RUNS; run++) {
      test(`tapped the moment it is painted, run ${run} of ${RUNS}`, async ({ page }) => {
        await prepare?.(page);
        await firstVisit(page, path);
        await tapWhenPainted(page, control(page));
        await before?.(page);
        await after?.(page);
      });
    }
  });
}
