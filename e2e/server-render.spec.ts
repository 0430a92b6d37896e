import type { Page } from '@playwright/test';
import { admin, caribbean, expect, test, toast, unique } from './fixtures';

// docs/server-render.md: the public pages (the radio, artists, schedule, events, watch, sponsors…) come from the server as
// the page itself, readable before any script has run, and the app then hydrates that page
// instead of drawing it again. The markup does not depend on the screen's size: the phone
// project alone runs these (e2e/playwright.config.ts).

type Content = (page: Page) => ReturnType<Page['getByRole']>;

const PAGES: { path: string; heading: string | RegExp; content: Content; caribbean?: { heading: string | RegExp; content: Content } }[] = [
  { path: '/', heading: /^LIVE /, content: (page: Page) => page.getByRole('button', { name: 'Listen Live' }) },
  { path: '/artists', heading: 'Caribbean Artists', content: (page: Page) => page.getByRole('heading', { name: 'Featured Artists from Guyana' }) },
  { path: '/artists/directory', heading: 'Artist Directory', content: (page: Page) => page.getByRole('list', { name: 'Artists' }).getByRole('article').first() },
  { path: '/country', heading: 'Guyana', content: (page: Page) => page.getByRole('list', { name: 'Artists from Guyana' }).getByRole('article').first() },
  // The country the address names, from the server too: not Guyana until the app has started.
  { path: '/country?country=JM', heading: 'Jamaica', content: (page: Page) => page.getByRole('list', { name: 'Artists from Jamaica' }).getByRole('article').first() },
  { path: '/sponsors/submit', heading: 'Become a Sponsor', content: (page: Page) => page.getByRole('button', { name: 'Submit Partnership Application' }) },
  { path: '/schedule', heading: 'Schedule', content: (page: Page) => page.getByRole('tab', { name: 'Shows' }).or(page.getByText('Our weekly lineup')) },
  // Issue 43: the pages that were the app's shell until then.
  {
    path: '/events',
    heading: 'Upcoming Events',
    content: (page: Page) => page.getByTestId('event-card').getByRole('button', { name: /^Get Tickets/ }),
    // Events are watzhott's alone (docs/product.md).
    caribbean: { heading: 'Events Not Available', content: (page: Page) => page.getByRole('button', { name: 'Back to Home' }) },
  },
  {
    path: '/watch',
    heading: /^LIVE Watch /,
    content: (page: Page) => page.getByRole('button', { name: 'Audio only' }),
  },
  { path: '/sponsors', heading: 'Our Sponsors', content: (page: Page) => page.getByRole('link', { name: 'Become a Sponsor' }) },
  { path: '/give', heading: 'Give', content: (page: Page) => page.getByText('Donation options coming soon', { exact: true }) },
  { path: '/shop', heading: 'Shop', content: (page: Page) => page.getByText('Shop coming soon', { exact: true }) },
  { path: '/privacy', heading: 'Privacy', content: (page: Page) => page.getByRole('heading', { name: 'What is counted' }) },
  { path: '/episodes', heading: 'Listen Again', content: (page: Page) => page.getByRole('heading', { name: 'Saved for offline' }) },
];

/** The page's first-tap script leaves the stream it started here (app/lib/player/first-tap/first-tap.ts). */
type FirstTapWindow = Window & { __firstTap?: { audio: HTMLAudioElement } };

/** The page's errors and console errors, gathered for the test's end. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

/**
 * Holds the app's entry script back until the function answered is called: the page as it is
 * before the app starts. Open it with `waitUntil: 'commit'`: 'domcontentloaded' waits for the
 * page's module script, the one held.
 */
async function holdTheApp(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    // A page left before the release no longer wants it.
    await route.continue().catch(() => {});
  });
  return () => release();
}

/** Opens the phone's menu: the browser's own dialog, before and after the app has started (issue 29). */
async function openMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
}

test.describe('with scripts off', () => {
  test.use({ javaScriptEnabled: false });
  for (const { path, ...watzhott } of PAGES) {
    test(`${path} is there to read, on both tenants`, async ({ page }) => {
      for (const tenant of ['watzhott', 'caribbean'] as const) {
        const { heading, content } = (tenant === 'caribbean' && watzhott.caribbean) || watzhott;
        await page.goto(tenant === 'caribbean' ? caribbean(path) : path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(content(page).first()).toBeVisible();
        // Every control the page painted is one that works (e2e/first-sight.spec.ts): the player bar's play.
        await expect(page.getByRole('region', { name: 'Now playing' }).locator('[data-stream]').first()).toBeVisible();
        // The page, not the shell's placeholder (the player bar waits for the app to say what is on).
        await expect(page.locator('#main').getByText('Loading…')).toHaveCount(0);
        await expect(page.locator('.brand strong')).toHaveText(tenant === 'caribbean' ? 'Caribbean Praise Radio' : 'Watzhott');
        expect(await page.locator('html').getAttribute('data-tenant')).toBe(tenant);
      }
    });
  }
});

for (const { path, ...watzhott } of PAGES) {
  test(`${path}: the app hydrates the server's page, keeping it, with no error and no second ask for its data, on both tenants`, async ({ page }) => {
    const errors = pageErrors(page);
    const asked: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/') || url.pathname.endsWith('.css')) asked.push(url.pathname);
    });
    for (const tenant of ['watzhott', 'caribbean'] as const) {
      // The app's entry waits until one of the page's own elements is marked.
      const release = await holdTheApp(page);
      // Not 'domcontentloaded': the held entry is the page's module script, which that event waits for.
      await page.goto(tenant === 'caribbean' ? caribbean(path) : path, { waitUntil: 'commit' });
      const { heading } = (tenant === 'caribbean' && watzhott.caribbean) || watzhott;
      const title = page.getByRole('heading', { level: 1, name: heading });
      await expect(title).toBeVisible();
      await title.evaluate((el) => el.setAttribute('data-from-server', ''));
      const elements = await page.locator('#root *').count();
      release();

      await openMenu(page);
      await page.getByRole('button', { name: 'Close menu' }).click();
      // The same element, not a new one drawn over it (a hydration mismatch redraws).
      await expect(title).toHaveAttribute('data-from-server', '');
      if (path !== '/schedule') expect(await page.locator('#root *').count()).toBeGreaterThanOrEqual(elements);
      await page.unrouteAll();
    }
    expect(errors).toEqual([]);
    // The page's data came in the page, its styles in its head.
    // (The radio page's shoutout form, with its upload's progress bar, and live chat are not part
    // of it, nor the Watch page's chat: their chunks and styles come with the app.)
    const pageData = ['/api/settings', '/api/artists', '/api/tracks', '/api/events', '/api/sponsors'];
    const lazySections = /\/(shoutout-form|upload-progress|chat-)/;
    expect(asked.filter((a) => pageData.includes(a) || (a.endsWith('.css') && !lazySections.test(a)))).toEqual([]);
  });
}

test('the radio page works before the app has started: Listen Live plays, the menu opens; the app then keeps the stream, and the lower part comes with it', async ({ page }) => {
  const errors = pageErrors(page);
  const release = await holdTheApp(page);
  // 'commit': the held entry is the page's module script, which 'domcontentloaded' waits for.
  await page.goto('/', { waitUntil: 'commit' });
  const listen = page.getByRole('button', { name: 'Listen Live' });
  await expect(listen).toBeEnabled();
  await expect(page.getByTestId('on-air-title')).not.toHaveText('Loading…');
  await expect(page.getByRole('heading', { name: 'Recently Played' })).toHaveCount(0);
  // No app yet: the page's own first-tap script plays the stream, the browser opens the menu.
  await listen.click();
  await expect.poll(() => page.evaluate(() => (window as FirstTapWindow).__firstTap?.audio.currentTime ?? 0)).toBeGreaterThan(0.3);
  await expect(page.locator('html')).toHaveAttribute('data-first-tap', 'playing');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  release();
  // The app adopts that very stream: it shows it playing, and Pause stops it.
  await expect(page.getByRole('heading', { name: 'Recently Played' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Now playing' })).toHaveAttribute('data-status', 'playing');
  await expect(page.locator('html')).not.toHaveAttribute('data-first-tap');
  await page.locator('.hero-play').click();
  await expect(page.getByRole('button', { name: 'Listen Live' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => (window as FirstTapWindow).__firstTap?.audio.paused)).toBe(true);
  await expect(page.getByRole('heading', { name: 'Send a Voice Shoutout' })).toBeVisible();
  expect(errors).toEqual([]);
});

test("the directory's filters work before the app has started: what was typed and picked is kept and applied, Enter and Clear Filters ask the server", async ({ page }) => {
  const search = page.getByRole('searchbox', { name: 'Search' });
  const country = page.getByRole('combobox', { name: 'Country' });
  const count = page.getByRole('status').filter({ hasText: /^Showing/ });

  // Typed and picked with no app: the app, once started, shows and applies them.
  let release = await holdTheApp(page);
  await page.goto(caribbean('/artists/directory'), { waitUntil: 'commit' });
  await search.fill('Kwame');
  await country.selectOption('GY');
  await expect(count).toHaveText(/^Showing (\d+) of \1 artists$/);
  release();
  await expect(count).toHaveText(/^Showing 1 of \d+ artists$/);
  await expect(search).toHaveValue('Kwame');
  await expect(page).toHaveURL(/[?&]q=Kwame\b/);
  await expect(page).toHaveURL(/[?&]from=GY\b/);
  await page.unrouteAll();

  // Enter with no app: the browser's form asks the server for the filtered page, tenant kept.
  release = await holdTheApp(page);
  await page.goto(caribbean('/artists/directory'), { waitUntil: 'commit' });
  await search.fill('Kwame');
  await search.press('Enter');
  await expect(page).toHaveURL(/[?&]q=Kwame\b/);
  await expect(page).toHaveURL(/[?&]tenant=caribbean\b/);
  await expect(count).toHaveText(/^Showing 1 of \d+ artists$/);
  // Clear Filters with no app: the unfiltered page, tenant kept.
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page).toHaveURL(/\/artists\/directory\?tenant=caribbean$/);
  await expect(count).toHaveText(/^Showing (\d+) of \1 artists$/);
  await expect(search).toHaveValue('');
  release();
  await page.unrouteAll();
});

test("an artist's page comes with its profile; its tracks' Play buttons come with the app, and play", async ({ browser, page, request }) => {
  const artists = (await (await request.get('/api/artists?approved=true')).json()) as { id: string; name: string }[];
  const kwame = artists.find((a) => a.name === 'Kwame Lewis')!;
  // With scripts off: the profile to read, and no Play button that could not play.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const still = await noScript.newPage();
  await still.goto(`/artists/${kwame.id}`);
  await expect(still.getByRole('heading', { level: 1, name: 'Kwame Lewis' })).toBeVisible();
  await expect(still.getByRole('link', { name: 'Artist Directory' })).toHaveAttribute('href', '/artists/directory');
  await expect(still.getByText('Loading tracks…')).toBeVisible();
  await expect(still.getByRole('button', { name: /^Play / })).toHaveCount(0);
  await noScript.close();

  // The app hydrates the profile (the same heading element) and draws the tracks, which play.
  const errors = pageErrors(page);
  const release = await holdTheApp(page);
  await page.goto(`/artists/${kwame.id}`, { waitUntil: 'commit' });
  const name = page.getByRole('heading', { level: 1, name: 'Kwame Lewis' });
  await name.evaluate((el) => el.setAttribute('data-from-server', ''));
  release();
  const play = page.getByTestId('track').first().getByRole('button', { name: /^Play / });
  await play.click();
  await expect(page.getByRole('region', { name: 'Now playing' })).toHaveAttribute('data-status', 'playing', { timeout: 15_000 });
  await expect(name).toHaveAttribute('data-from-server', '');
  await page.unrouteAll();
  // An address with no such artist: the app's shell, and the app says so.
  await page.goto('/artists/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Artist Not Found' })).toBeVisible();
  expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
});

test('the prayer wall works before the app has started: a prayer typed and sent, and a heart, wait for the app and are not lost', async ({ browser, page, request }) => {
  const text = unique('Before the app e2e prayer');
  const hearted = unique('Hearted before the app e2e prayer');
  const created = await request.post(caribbean('/api/prayers'), { data: { text: hearted } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await request.patch(caribbean(`/api/prayers/${id}`), { headers: admin, data: { approved: true } })).status()).toBe(200);

  // With scripts off: the wall to read, on the server's page.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const still = await noScript.newPage();
  await still.goto(caribbean('/community'));
  await expect(still.getByRole('heading', { level: 1, name: 'Prayer Wall' })).toBeVisible();
  await expect(still.getByRole('region', { name: 'Approved prayer requests' }).getByText(hearted)).toBeVisible();
  await noScript.close();

  const errors = pageErrors(page);
  const release = await holdTheApp(page);
  await page.goto(caribbean('/community'), { waitUntil: 'commit' });
  const card = page.getByRole('region', { name: 'Approved prayer requests' }).getByRole('listitem').filter({ hasText: hearted });
  const heart = card.getByRole('button', { name: /Add a heart/ });
  await heart.click();
  await expect(heart).toHaveAttribute('aria-busy', 'true');
  await page.getByLabel('Your prayer request').fill(text);
  await page.getByLabel('Your name (optional)').fill('E2E Early');
  await page.getByRole('checkbox', { name: /I consent/ }).check();
  await page.getByRole('button', { name: 'Submit Prayer Request' }).click();
  // Held, not sent by the browser (the page is still the same, nothing was posted).
  await expect(page).toHaveURL(/\/community\?tenant=caribbean$/);
  release();
  await expect(toast(page)).toContainText('Prayer Submitted');
  await expect(card.locator('.heart-count')).toHaveText('1');
  await expect(heart).not.toHaveAttribute('aria-busy');
  await expect(page.getByLabel('Your prayer request')).toHaveValue('');
  const pending = (await (await request.get(caribbean('/api/prayers?approved=false'), { headers: admin })).json()) as { text: string; nameOptional: string }[];
  expect(pending.find((p) => p.text === text)?.nameOptional).toBe('E2E Early');
  await page.unrouteAll();
  expect(errors).toEqual([]);
});

test('the sponsor application works before the app has started: a tier chosen, fields filled and the form sent are made again, in order', async ({ page, request }) => {
  const company = unique('E2E Early Applicant');
  const release = await holdTheApp(page);
  await page.goto('/sponsors/submit', { waitUntil: 'commit' });
  const premium = page.getByRole('button', { name: 'Choose Premium Partner' });
  await premium.click();
  await expect(premium).toHaveAttribute('aria-busy', 'true');
  await page.getByLabel('Company name').fill(company);
  await page.getByLabel('Contact email').fill('early@e2e-applicant.example');
  await page.getByLabel('Budget range').selectOption('$2,500 - $5,000');
  await page.getByLabel('Partnership goals').fill('Reach listeners before the app has even started, every Sunday.');
  await page.getByRole('button', { name: 'Submit Partnership Application' }).click();
  await expect(page).toHaveURL(/\/sponsors\/submit$/);
  release();
  await expect(toast(page)).toContainText('Sponsorship Application Submitted!');
  await expect(page.getByLabel('Company name')).toHaveValue('');
  const stored = ((await (await request.get('/api/sponsors', { headers: admin })).json()) as { name: string; tier: string; notes: string }[]).find((s) => s.name === company);
  expect(stored?.tier).toBe('premium');
  expect(stored?.notes).toContain('$2,500 - $5,000');
  await page.unrouteAll();
  if (stored) {
    const all = (await (await request.get('/api/sponsors', { headers: admin })).json()) as { id: string; name: string }[];
    for (const s of all.filter((x) => x.name === company)) await request.delete(`/api/sponsors/${s.id}`, { headers: admin });
  }
});

test('the country page: a country picked before the app has started is the one shown once it has', async ({ page }) => {
  const release = await holdTheApp(page);
  await page.goto('/country?country=GY', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Guyana');
  await page.getByRole('combobox', { name: 'Choose a country' }).selectOption('JM');
  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jamaica');
  await expect(page).toHaveURL(/\/country\?country=JM$/);
  expect(await page.evaluate(() => localStorage.getItem('selectedCountry'))).toBe('JM');
  await page.unrouteAll();
});

test('after the first page, the app draws the pages it goes to itself', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/artists');
  await openMenu(page);
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Schedule' }).click();
  await expect(page).toHaveURL(/\/schedule$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
  await expect(page.locator('.week-calendar')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Featured Artists from Guyana' })).toBeVisible();
  expect(errors).toEqual([]);
});

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
    const made = await intlMadeWhenIdle(page);
    const started = workers.filter((path) => path.includes('/dates.worker'));
    expect(started, locale).toHaveLength(locale === 'en-US' ? 0 : 1);
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
