import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { PAGES, pageErrors } from './server-rendered-pages';

// docs/server-render.md and docs/performance.md ("ICU set-up off the page"): the server's pages
// write dates, times and prices for one zone and locale, and the app then writes them in the
// listener's, with no Intl formatter on the page where en-US does not need one. Phone project
// only (e2e/playwright.config.ts), as server-render.spec.ts.

test('the schedule is laid out in the listener’s time zone, which only the browser knows', async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: 'Asia/Tokyo' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/schedule');
  await expect(page.locator('.week-calendar')).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

// Issue 43: an event's start and an episode's date are written in the station's zone (an
// episode's in UTC) and one locale on the server and while hydrating, then in the listener's.
for (const path of ['/events', '/episodes', '/watch']) {
  test(`${path} hydrates without error for a listener in another time zone and locale, then shows their own`, async ({ browser }) => {
    const context = await browser.newContext({ timezoneId: 'Asia/Tokyo', locale: 'de-DE' });
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    if (path === '/events') await expect(page.getByTestId('event-card').locator('time').first()).toContainText('GMT+9');
    expect(errors).toEqual([]);
    await context.close();
  });
}

// docs/performance.md, "ICU set-up off the page": a page's first Intl formatter is Chromium's ICU
// set-up, one long task of its load; in en-US the public pages write their dates, times, prices
// and counts by hand, and /events has its starts written in the listener's zone by the dates
// worker. The schedule alone needs the listener's zone by name, and keeps Intl.
async function trapIntl(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const made: string[] = [];
    (window as unknown as { __intlMade: string[] }).__intlMade = made;
    for (const name of ['DateTimeFormat', 'NumberFormat', 'PluralRules', 'RelativeTimeFormat', 'Collator', 'Segmenter'] as const) {
      const Made = Intl[name] as unknown as new (...args: unknown[]) => object;
      (Intl as unknown as Record<string, unknown>)[name] = new Proxy(Made, {
        construct: (target, args) => (made.push(`Intl.${name}`), new target(...args)),
        apply: (target, self, args) => (made.push(`Intl.${name}()`), Reflect.apply(target as unknown as (...a: unknown[]) => unknown, self, args)),
      });
    }
    const toLocale: [object, string][] = [
      [Number.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleDateString'],
      [Date.prototype, 'toLocaleTimeString'],
      [String.prototype, 'localeCompare'],
    ];
    for (const [proto, name] of toLocale) {
      const own = (proto as Record<string, (...args: unknown[]) => string>)[name]!;
      Object.defineProperty(proto, name, {
        value(this: unknown, ...args: unknown[]) {
          made.push(name);
          return own.apply(this, args);
        },
      });
    }
  });
}

/** What the page made with Intl once it has hydrated and gone idle. */
async function intlMadeWhenIdle(page: Page): Promise<string[]> {
  await page.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer')));
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) =>
        requestIdleCallback(() => setTimeout(() => requestIdleCallback(() => resolve((window as unknown as { __intlMade: string[] }).__intlMade)), 500)),
      ),
  );
}

test('/events writes its starts in the listener zone with no Intl formatter on the page', async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: 'Asia/Tokyo', locale: 'en-US' });
  const page = await context.newPage();
  const errors = pageErrors(page);
  await trapIntl(page);
  await page.goto('/events');
  const first = page.getByTestId('event-card').first();
  // The server's start, in the station's zone, then the listener's, with the price beside it.
  await expect(first.locator('time')).toContainText('GMT+9');
  await expect(first.getByText(/^From \$|^Free$/)).toBeVisible();
  expect(await intlMadeWhenIdle(page)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

// The schedule names the listener's zone and lays its week out in it: the dates worker reads the
// zone (a page asks with 'Intl.DateTimeFormat()'), which sets ICU up for the whole page off its
// main thread, so the week's own formatters are quick (docs/performance.md, "ICU set-up off the page").
test("/schedule has the listener's zone read by the dates worker, and lays its week out in it", async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: 'Europe/London', locale: 'en-US' });
  const page = await context.newPage();
  const errors = pageErrors(page);
  await trapIntl(page);
  await page.goto('/schedule');
  await expect(page.locator('.zone-note')).toContainText('(Europe/London, GMT)');
  await expect(page.getByTestId('schedule-grid').getByTestId('show-card').first()).toBeVisible();
  expect(await intlMadeWhenIdle(page)).not.toContain('Intl.DateTimeFormat()');
  expect(errors).toEqual([]);
  await context.close();
});

// Outside en-US the app's dates are Intl's, written on the page after the hydration: the dates
// worker, started with the app, sets ICU up for the page meanwhile (docs/performance.md, "ICU
// set-up off the page"). In en-US, whose dates the app writes by hand, no such worker starts.
test('outside en-US the dates worker sets ICU up for the page; in en-US none is started', async ({ browser }) => {
  for (const locale of ['es-DO', 'en-US']) {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
    await trapIntl(page);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Listen Live' })).toBeVisible();
    const started = () => workers.filter((path) => path.includes('/dates.worker'));
    // Started with the app, which now runs after the page's first frame and, often, its load event
    // (app/lib/start-after-paint/): waited for, not read once when the page is idle, which missed
    // it once in a whole end-to-end run on a loaded host.
    if (locale !== 'en-US') await expect.poll(() => started().length, { message: locale }).toBe(1);
    const made = await intlMadeWhenIdle(page);
    expect(started(), locale).toHaveLength(locale === 'en-US' ? 0 : 1);
    // The worker answered: the page never read the zone itself.
    expect(made, locale).not.toContain('Intl.DateTimeFormat()');
    await context.close();
  }
});

for (const { path, content } of PAGES.filter((p) => p.path !== '/schedule' && p.path !== '/events')) {
  test(`${path} makes no Intl formatter while it loads and hydrates, in en-US`, async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await trapIntl(page);
    await page.goto(path);
    await expect(content(page).first()).toBeVisible();
    expect(await intlMadeWhenIdle(page)).toEqual([]);
    await context.close();
  });
}
