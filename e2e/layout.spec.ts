import type { Page } from '@playwright/test';
import { ADMIN_KEY, caribbean, expect, test, setLowDataMode } from './fixtures';

const NAV = ['Artists', 'Radio', 'Watch', 'Schedule', 'Country', 'Community', 'Shop', 'Sponsors', 'Give', 'Listen Again'];

test('the radio page shows the bar, now playing and recently played', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Now Playing' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recently Played' })).toBeVisible();
  const bar = page.getByRole('region', { name: 'Now playing' });
  await expect(bar.getByText('LIVE')).toBeVisible();
  await expect(bar.getByTestId('np-artist')).toHaveText('Watzhott');
  await expect(page.getByRole('switch', { name: 'Low Data Mode' })).toBeVisible();
});

test('unknown paths show Page Not Found', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

/** The radio page comes from the server; its lower part comes once the app has started (docs/server-render.md). */
async function appStarted(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Recently Played' })).toBeVisible();
}

test('navigation lists the links in spec order', async ({ page, isMobile }) => {
  await page.goto('/');
  await appStarted(page);
  if (isMobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link')).toHaveText(NAV);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  } else {
    await expect(page.getByRole('navigation', { name: 'Main' }).locator('.nav-links a')).toHaveText(NAV);
  }
});

test('Low Data Mode is saved under lowDataMode and applied as a page class', async ({ page }) => {
  await page.goto('/');
  await setLowDataMode(page, true);
  await expect(page.locator('html')).toHaveClass(/low-data/);
  expect(await page.evaluate(() => localStorage.getItem('lowDataMode'))).toBe('true');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Low Data Mode' })).toBeChecked();
});

test('the caribbean tenant keeps its parameter and shows its name', async ({ page }) => {
  await page.goto(caribbean('/'));
  await expect(page.getByRole('region', { name: 'Now playing' }).getByTestId('np-artist')).toHaveText('Caribbean Praise Radio');
});

test('offers Install App when the browser does, and hands the click to its prompt', async ({ page }) => {
  await page.goto('/');
  // The app listens for the browser's offer once it has started.
  await appStarted(page);
  await expect(page.getByRole('button', { name: 'Install App' })).toHaveCount(0);
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        (window as unknown as { prompted: boolean }).prompted = true;
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(offer);
  });
  await page.getByRole('button', { name: 'Install App' }).click();
  expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
  await expect(page.getByRole('button', { name: 'Install App' })).toHaveCount(0);
});

test('the station’s recently-played embed loads after its delay, in a sandboxed frame', async ({ page, request }) => {
  const headers = { 'x-admin-key': ADMIN_KEY };
  const { tenant: _t, ...settings } = await (await request.get(caribbean('/api/settings'), { headers })).json();
  await request.put(caribbean('/api/settings'), { headers, data: { ...settings, recentlyPlayedEmbed: '<p>Recent from the station</p>' } });
  try {
    await page.goto(caribbean('/'));
    const frame = page.locator('iframe[title="Station recently played"]');
    await expect(frame).toHaveAttribute('src', /\/embed\/recently-played/);
    await expect(frame).toHaveAttribute('sandbox', /allow-scripts/);
    expect(await frame.getAttribute('sandbox')).not.toContain('allow-same-origin');
    await expect(page.frameLocator('iframe[title="Station recently played"]').getByText('Recent from the station')).toBeVisible();
  } finally {
    await request.put(caribbean('/api/settings'), { headers, data: settings });
  }
});
