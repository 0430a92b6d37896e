import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN_KEY, caribbean, expect, test } from './fixtures';

const admin = { 'x-admin-key': ADMIN_KEY };

async function changeSettings(request: APIRequestContext, patch: Record<string, unknown>) {
  const res = await request.get('/api/settings', { headers: admin });
  const { tenant: _tenant, ...stored } = (await res.json()) as Record<string, unknown>;
  // A database that never saved its settings answers defaults with no stream: PUT needs the
  // whole object valid, so those two get stand-ins (the demo seed sets both anyway).
  const current = {
    ...stored,
    streamUrl: stored.streamUrl || '/demo/stream',
    radioHtmlEmbed: String(stored.radioHtmlEmbed ?? '').trim() ? stored.radioHtmlEmbed : '<p>Listen live with the player bar below.</p>',
  };
  const put = await request.put('/api/settings', { headers: admin, data: { ...current, ...patch } });
  expect(put.status(), await put.text()).toBe(200);
  return async () => {
    expect((await request.put('/api/settings', { headers: admin, data: current })).status()).toBe(200);
  };
}

async function expectNoSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test('shop and give say coming soon when no link is configured', async ({ page }) => {
  await page.goto('/shop');
  await expect(page.getByRole('heading', { name: 'Shop', level: 1 })).toBeVisible();
  await expect(page.getByText('Shop coming soon')).toBeVisible();
  await expectNoSideways(page);

  await page.goto('/give');
  await expect(page.getByRole('heading', { name: 'Give', level: 1 })).toBeVisible();
  await expect(page.getByText('Donation options coming soon', { exact: true })).toBeVisible();
  await expectNoSideways(page);

  await page.goto(caribbean('/give'));
  await expect(page.getByText('Donation options coming soon', { exact: true })).toBeVisible();
});

test('shop and give redirect to the configured links, and Back does not bounce', async ({ page, request }) => {
  const restore = await changeSettings(request, { shopUrl: '/sponsors', donateUrl: '/sponsors/submit' });
  try {
    await page.goto('/');
    await page.goto('/give');
    await expect(page).toHaveURL(/\/sponsors\/submit$/);
    await expect(page.getByRole('heading', { name: 'Become a Sponsor', level: 1 })).toBeVisible();
    // The redirect replaced /give in the history, so Back returns to where the visitor was.
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/shop');
    await expect(page).toHaveURL(/\/sponsors$/);
    await expect(page.getByRole('heading', { name: 'Our Sponsors' })).toBeVisible();
  } finally {
    await restore();
  }
});
