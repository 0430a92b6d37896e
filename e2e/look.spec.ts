import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { ADMIN_KEY, caribbean, expect, test } from './fixtures';

// Its tests only read, so they spread over the workers (docs/setup.md).
test.describe.configure({ mode: 'parallel' });

// The look and the phone experience (docs/features.md, 'The look'): every public page of both
// tenants at the phone (375×740) and desktop (1280×800) sizes of the two projects, in the
// light and the dark scheme.
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const TENANTS = { watzhott: (p: string) => p, caribbean } as const;
const PUBLIC = ['/', '/artists', '/artists/directory', '/artists/submit', '/watch', '/schedule', '/country', '/events', '/community', '/shop', '/sponsors', '/sponsors/submit', '/give', '/no/such/page'];
// axe-core is injected as a script; the app's CSP (script-src 'self') would refuse it.
test.use({ bypassCSP: true });

const ADMIN = ['/admin/dashboard', '/admin/moderation', '/admin/settings', '/admin/ads', '/admin/schedule', '/admin/events', '/admin/sponsors', '/admin/people', '/admin/activity'];

async function sideways(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Serious and critical axe-core findings, as 'rule: target' lines. */
async function seriousAxe(page: Page, rules?: string[]): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async (rules) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    // Embeds are admin-pasted HTML in sandboxed frames: not ours to check.
    const only = rules ? { runOnly: { type: 'rule', values: rules } } : {};
    const result = await axe.run({ exclude: [['iframe']] }, { iframes: false, resultTypes: ['violations'], ...only });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.slice(0, 3).map((n) => `${v.id}: ${n.target.join(' ')}`));
  }, rules);
}

/** Every visible item of the header's bar sits on the brand's line. */
async function headerOnOneLine(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const nav = document.querySelector('header nav')!;
    const brand = nav.querySelector('.brand')!.getBoundingClientRect();
    const middle = brand.top + brand.height / 2;
    return Array.from(nav.querySelectorAll(":scope a, :scope button, :scope summary"))
      .filter((el) => !el.closest('dialog, details:not([open]) > :not(summary)') && (el as HTMLElement).offsetParent !== null)
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.top > middle || r.bottom < middle);
      })
      .map((el) => (el.textContent || el.getAttribute('aria-label') || el.tagName).trim());
  });
}

/**
 * Colours at rest: Pico eases colour changes, and off-screen parts (content-visibility) only
 * start theirs when axe reads them, so the check would see colours half-way.
 */
async function settled(page: Page): Promise<void> {
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => undefined))));
}

/** The page has drawn its content: its first heading is on screen. */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

for (const [tenant, at] of Object.entries(TENANTS)) {
  test(`${tenant}: every public page fits the screen, keeps the desktop navigation on one line and has no serious axe finding, light and dark`, async ({ page, isMobile, request }) => {
    test.setTimeout(180_000);
    const artists = (await (await request.get(at('/api/artists'))).json()) as { id: string }[];
    const problems: string[] = [];
    for (const path of [...PUBLIC, `/artists/${artists[0]!.id}`]) {
      await page.emulateMedia({ colorScheme: 'light' });
      await open(page, at(path));
      const wide = await sideways(page);
      if (wide > 0) problems.push(`${path}: scrolls sideways by ${wide}px`);
      if (!isMobile) for (const item of await headerOnOneLine(page)) problems.push(`${path}: '${item}' is off the header's line`);
      for (const finding of await seriousAxe(page)) problems.push(`${path} (light): ${finding}`);
      // The same page in the dark scheme: only colours change, so only contrast is checked again.
      await page.emulateMedia({ colorScheme: 'dark' });
      await settled(page);
      for (const finding of await seriousAxe(page, ['color-contrast'])) problems.push(`${path} (dark): ${finding}`);
    }
    expect(problems).toEqual([]);
  });

  test(`${tenant}: admin pages fit the screen and the admin menu is one row`, async ({ page, isMobile }) => {
    test.setTimeout(120_000);
    await page.addInitScript((key) => sessionStorage.setItem('adminKey', key), ADMIN_KEY);
    const problems: string[] = [];
    for (const path of ADMIN) {
      await open(page, at(path));
      const wide = await sideways(page);
      if (wide > 0) problems.push(`${path}: scrolls sideways by ${wide}px`);
      const rows = await page.evaluate(() => new Set(Array.from(document.querySelectorAll(".admin-menu li")).map((li) => Math.round(li.getBoundingClientRect().top))).size);
      if (rows !== 1) problems.push(`${path}: the admin menu takes ${rows} rows`);
      for (const finding of await seriousAxe(page)) problems.push(`${path}: ${finding}`);
    }
    expect(problems).toEqual([]);
    if (isMobile) {
      // A row wider than the phone scrolls by itself, the page does not.
      const menu = page.locator('.admin-menu ul');
      expect(await menu.evaluate((el) => getComputedStyle(el).overflowX)).toBe('auto');
    }
  });

  test(`${tenant}: on a 375×667 phone the radio page opens on the artwork, what is on air and a big play button, ads after @phone-only`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto(at('/'));
    const hero = page.getByRole('region', { name: 'On air' });
    const art = hero.locator('.hero-art');
    const title = hero.getByTestId('on-air-title');
    const play = hero.getByRole('button', { name: /^(Listen Live|Pause)$/ });
    await expect(title).not.toBeEmpty();
    await expect(art).toBeVisible();
    for (const [what, el] of [['artwork', art], ['title', title], ['play button', play]] as const) {
      const box = (await el.boundingBox())!;
      expect(box.y + box.height, `${what} is inside the first screen`).toBeLessThanOrEqual(667);
    }
    const artBox = (await art.boundingBox())!;
    expect(artBox.width, 'the artwork is large').toBeGreaterThanOrEqual(120);
    const playBox = (await play.boundingBox())!;
    expect(playBox.height, 'the play button is big').toBeGreaterThanOrEqual(56);
    // The ads come after it.
    const heroBox = (await hero.boundingBox())!;
    const firstAd = (await page.locator('main .ad-slot').first().boundingBox())!;
    expect(firstAd.y).toBeGreaterThanOrEqual(heroBox.y + heroBox.height);
  });
}

test('the desktop navigation stays on one line from 1024 px up, with the rest under More @desktop-only', async ({ page }) => {
  test.setTimeout(120_000); // ten page loads
  for (const width of [1024, 1100, 1180, 1280, 1440]) {
    for (const at of Object.values(TENANTS)) {
      await page.setViewportSize({ width, height: 800 });
      await open(page, at('/schedule'));
      expect(await headerOnOneLine(page), `${width}px ${at('/')}`).toEqual([]);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
    }
  }
  // Everything the header does not show sits under More, and More works from the keyboard.
  await page.setViewportSize({ width: 1024, height: 800 });
  await open(page, '/schedule');
  const more = page.getByRole('navigation', { name: 'Main' }).getByText('More', { exact: true });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /Switch to Caribbean Praise/ })).toBeVisible();
  for (const name of ['Shop', 'Sponsors', 'Give', 'Listen Again']) await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: /Switch to Caribbean Praise/ })).toBeHidden();
});

test('the dark theme follows the system and the switch beside Low Data Mode overrides it', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  const dark = page.getByRole('switch', { name: 'Dark theme' });
  await expect(dark).toBeChecked();
  const night = await background();
  await dark.uncheck();
  await expect.poll(background).not.toBe(night);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Dark theme' })).not.toBeChecked();
  await page.getByRole('switch', { name: 'Dark theme' }).check();
  await expect.poll(background).toBe(night);
});

test('each tenant paints its own theme colour and accent', async ({ page }) => {
  const themeColor = () => page.locator('meta[name="theme-color"]').getAttribute('content');
  await page.goto('/');
  await expect(page.getByTestId('on-air-title')).toBeVisible();
  const watzhott = await themeColor();
  await page.goto(caribbean('/'));
  await expect(page.getByTestId('on-air-title')).toBeVisible();
  await expect.poll(themeColor).not.toBe(watzhott);
  const manifest = await (await page.request.get(caribbean('/manifest.webmanifest'))).json();
  expect(await themeColor()).toBe(manifest.theme_color);
});

test('no control fades: a hover, press or focus changes its colours in the next frame @phone-only', async ({ page }) => {
  // Each frame of a fade is styled and painted on the main thread that handles the tap
  // (docs/performance.md, "Taps without fades"): no element or pseudo-element keeps a transition.
  const fading = () =>
    page.evaluate(() => {
      const found = new Set<string>();
      for (const el of [document.documentElement, ...Array.from(document.querySelectorAll('body *'))]) {
        for (const pseudo of [null, '::before', '::after']) {
          const style = getComputedStyle(el, pseudo);
          if (style.transitionDuration.split(',').some((d) => parseFloat(d) > 0)) {
            found.add(`${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''}${pseudo ?? ''}: ${style.transitionProperty} ${style.transitionDuration}`);
          }
        }
      }
      return [...found];
    });
  await page.goto('/');
  await expect(page.getByTestId('on-air-title')).toBeVisible();
  expect(await fading()).toEqual([]);
  // A form's fields, and the sponsor's buttons.
  await page.goto('/sponsors/submit');
  await expect(page.locator('main form input').first()).toBeVisible();
  expect(await fading()).toEqual([]);
});
