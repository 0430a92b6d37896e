import type { Page } from '@playwright/test';
import { admin, caribbean, expect, test, toast, unique } from './fixtures';
import { PAGES, pageErrors } from './server-rendered-pages';
import { holdTheApp } from './tap-at-first-sight';

// docs/server-render.md: the public pages (the radio, artists, schedule, events, watch, sponsors…) come from the server as
// the page itself, readable before any script has run, and the app then hydrates that page
// instead of drawing it again. The markup does not depend on the screen's size: the phone
// project alone runs these (e2e/playwright.config.ts).

/** The page's first-tap script leaves the stream it started here (app/lib/player/first-tap/first-tap.ts). */
type FirstTapWindow = Window & { __firstTap?: { audio: HTMLAudioElement } };

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
