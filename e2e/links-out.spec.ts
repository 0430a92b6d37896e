import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN_KEY, caribbean, changeSettings, expect, expectNoSideways, test } from './fixtures';

const admin = { 'x-admin-key': ADMIN_KEY };

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
