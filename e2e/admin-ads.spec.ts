import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page, Request } from '@playwright/test';
import { ADMIN_KEY, PNG_1X1, admin, apiCalls, caribbean, changeSettingsPuts, checkGate, expect, expectKeyOnAdminCalls, expectNoSideways, isShellCall, openAdminOnPhone, readSettings, test, unlockAdmin } from './fixtures';

const BUTTON = 'Access Advertisement Settings';

interface AdRow {
  id: string;
  alt: string;
  impressions: number;
  clicks: number;
}

const unlock = (page: Page) => unlockAdmin(page, BUTTON);

const listAds = async (request: APIRequestContext) =>
  (await (await request.get(caribbean('/api/ads'), { headers: admin })).json()) as AdRow[];

const adRow = (page: Page, text: string): Locator => page.locator('.ads-table tbody tr', { hasText: text });

test.describe('admin ads', () => {
  test('the gate: disabled while empty, wrong key refused, right key unlocks; no call without the key', async ({ page }) => {
    const requests = await checkGate(page, {
      path: '/admin/ads',
      button: BUTTON,
      welcome: 'You can now manage advertisement settings.',
      heading: 'Advertisement Management',
    });
    await expect(page.getByRole('heading', { name: 'Ad Inventory' })).toBeVisible();
    await expect(page.locator('.ads-table tbody tr').first()).toBeVisible();

    expect(apiCalls(requests).some((r) => new URL(r.url()).pathname === '/api/ads' && r.headers()['x-admin-key'] === ADMIN_KEY)).toBe(true);
    expectKeyOnAdminCalls(requests);
  });

  test('embed mode: zone text areas, save, and the zone shows on the radio page', async ({ page, request }) => {
    const url = caribbean('/api/settings');
    const original = await readSettings(request, url);
    const marker = `E2E leaderboard ${Date.now().toString(36)}`;
    try {
      await page.goto(caribbean('/admin/ads'));
      await unlock(page);
      const mode = page.getByLabel('Ad Mode');
      await mode.selectOption('hybrid');
      // Hybrid: the informational panel, no zone text areas.
      const panel = page.getByRole('region', { name: 'Hybrid Mode' });
      await expect(panel).toContainText('Database ads');
      await expect(panel).toContainText("Promotional 'Advertise Here' boxes");
      await expect(panel).toContainText('7 placements');
      await expect(panel).toContainText('Country targeting');
      await expect(page.getByLabel('Leaderboard Zone (728x90)')).toBeHidden();
      await expect(page.getByText(/Safety zone/)).toBeVisible();

      await mode.selectOption('embed');
      await expect(panel).toBeHidden();
      await expect(page.getByLabel('Sidebar Zone (300x250)')).toBeVisible();
      await expect(page.getByLabel('In-Feed Zone')).toBeVisible();
      await page.getByLabel('Leaderboard Zone (728x90)').fill(`<p>${marker}</p>`);

      const put = page.waitForRequest((r) => r.method() === 'PUT' && new URL(r.url()).pathname === '/api/settings');
      await page.getByRole('button', { name: 'Save Advertisement Settings' }).click();
      const sent = (await put).postDataJSON() as Record<string, unknown>;
      // The whole settings object, the rest as it was.
      expect(sent).toMatchObject({ adMode: 'embed', displayName: original.displayName, streamUrl: original.streamUrl });
      expect((sent.adZones as Record<string, string>).leaderboardEmbed).toBe(`<p>${marker}</p>`);
      const toast = page.getByTestId('toast');
      await expect(toast).toContainText('Advertisement Settings Updated');
      await expect(toast).toContainText('Your ad configuration has been successfully updated.');

      await page.goto(caribbean('/'));
      const frame = page.locator('iframe[title="Advertisement"][src*="/embed/ad-leaderboard"]');
      await expect(frame).toBeVisible();
      await expect(page.frameLocator('iframe[src*="/embed/ad-leaderboard"]').getByText(marker)).toBeVisible();

      // Back to hybrid through the page: the iframe is gone from the radio page.
      await page.goto(caribbean('/admin/ads'));
      await page.getByLabel('Ad Mode').selectOption('hybrid');
      await page.getByRole('button', { name: 'Save Advertisement Settings' }).click();
      await expect(page.getByTestId('toast')).toContainText('Advertisement Settings Updated');
      expect((await readSettings(request, url)).adMode).toBe('hybrid');
      await page.goto(caribbean('/'));
      await expect(page.getByRole('heading', { name: 'Now Playing' })).toBeVisible();
      await expect(page.locator('iframe[src*="/embed/ad-leaderboard"]')).toHaveCount(0);
    } finally {
      expect((await request.put(url, { headers: admin, data: original })).status()).toBe(200);
    }
  });

  test('a refused save says so, keeps the edits and shows the message beside the field', async ({ page }) => {
    await page.goto(caribbean('/admin/ads'));
    await unlock(page);
    await page.getByLabel('Ad Mode').selectOption('embed');
    await page.getByLabel('In-Feed Zone').fill('<p>kept</p>');
    // The real server refuses a mode it does not know (as if the rules had changed under the page).
    await changeSettingsPuts(page, { adMode: 'popup' });
    await page.getByRole('button', { name: 'Save Advertisement Settings' }).click();
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Update Failed');
    await expect(toast).toContainText('Failed to update advertisement settings');
    await expect(page.getByLabel('Ad Mode')).toHaveAccessibleDescription(/Ad mode must be embed or hybrid/);
    await expect(page.getByLabel('In-Feed Zone')).toHaveValue('<p>kept</p>');
  });

  test('a revoked key: the save failure is told and the gate returns', { tag: '@phone-only' }, async ({ page }) => {
    await page.goto(caribbean('/admin/ads'));
    await unlock(page);
    await page.route('**/api/settings*', (route) =>
      route.request().method() === 'PUT'
        ? route.continue({ headers: { ...route.request().headers(), 'x-admin-key': 'revoked-key' } })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Save Advertisement Settings' }).click();
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Update Failed');
    await expect(toast).toContainText('Failed to update advertisement settings');
    await expect(page.getByRole('heading', { name: 'Admin Authentication' })).toBeVisible();
  });

  test('inventory: create with an uploaded image, edit, deactivate and delete', async ({ page, request }) => {
    const alt = `E2E Banner ${Date.now().toString(36)}`;
    try {
      await page.goto(caribbean('/admin/ads'));
      await unlock(page);
      await page.getByRole('button', { name: 'Add Ad' }).click();
      const form = page.getByRole('form', { name: 'New Advertisement' });
      await expect(form).toBeVisible();

      // NewAdSchema's messages beside the fields, nothing sent.
      await form.getByRole('button', { name: 'Create Ad' }).click();
      await expect(form.getByLabel('Image URL')).toHaveAccessibleDescription('Valid image URL is required');
      await expect(form.getByLabel('Target URL')).toHaveAccessibleDescription('Valid target URL is required');
      await expect(form.getByText('Pick at least one slot')).toBeVisible();

      // Through the upload module: a resumable upload whose last PATCH names the stored file.
      const upload = page.waitForResponse((r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname.startsWith('/api/uploads/resumable/'));
      await form.getByLabel('Upload Image').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG_1X1 });
      expect((await upload).status()).toBe(204);
      expect((await upload).headers()['upload-url']).toMatch(/^\/uploads\/.+\.png$/);
      await expect(form.getByLabel('Image URL')).toHaveValue(/^\/uploads\/.+\.png$/);
      await form.getByLabel('Target URL').fill('https://advertiser.example/e2e');
      await form.getByLabel('Alt Text').fill(alt);
      await form.getByRole('checkbox', { name: 'Footer' }).check();
      await form.getByRole('checkbox', { name: 'Schedule' }).check();
      await form.getByRole('checkbox', { name: /Guyana/ }).check();
      await expect(form.getByRole('switch', { name: 'Active' })).toBeChecked();
      await form.getByRole('button', { name: 'Create Ad' }).click();
      await expect(page.getByTestId('toast')).toContainText('Ad Created');
      await expect(form).toBeHidden();

      const row = adRow(page, alt);
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('https://advertiser.example/e2e');
      await expect(row).toContainText('Schedule, Footer');
      await expect(row).toContainText('Guyana');
      await expect(row).toContainText('Active');
      await expect(row.locator('td[data-label="Impressions"]')).toHaveText('0');
      await expect(row.locator('td[data-label="Clicks"]')).toHaveText('0');
      await expect(row.locator('td[data-label="CTR"]')).toHaveText('—');
      await expect(row.locator('img')).toHaveAttribute('src', /^\/uploads\//);

      // Edit: the form starts from the ad; the change shows in the list.
      await row.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('form', { name: 'Edit Advertisement' });
      await expect(edit.getByLabel('Alt Text')).toHaveValue(alt);
      await expect(edit.getByRole('checkbox', { name: 'Footer' })).toBeChecked();
      await edit.getByRole('checkbox', { name: /Guyana/ }).uncheck();
      await edit.getByLabel('Alt Text').fill(`${alt} edited`);
      await edit.getByRole('button', { name: 'Save Ad' }).click();
      await expect(page.getByTestId('toast')).toContainText('Ad Updated');
      const edited = adRow(page, `${alt} edited`);
      await expect(edited).toContainText('All countries');

      // Deactivate, then activate again.
      await edited.getByRole('button', { name: 'Deactivate' }).click();
      await expect(page.getByTestId('toast')).toContainText('Ad Deactivated');
      await expect(edited).toContainText('Inactive');
      expect((await listAds(request)).find((a) => a.alt === `${alt} edited`)).toMatchObject({ active: false });
      await edited.getByRole('button', { name: 'Activate' }).click();
      await expect(page.getByTestId('toast')).toContainText('Ad Activated');
      await expect(edited.getByRole('button', { name: 'Deactivate' })).toBeVisible();

      // Delete asks first; Cancel keeps the ad.
      await edited.getByRole('button', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete Advertisement?' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await expect(edited).toHaveCount(1);
      await edited.getByRole('button', { name: 'Delete' }).click();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByTestId('toast')).toContainText('Ad Deleted');
      await expect(edited).toHaveCount(0);
      expect((await listAds(request)).some((a) => a.alt.startsWith(alt))).toBe(false);
    } finally {
      for (const ad of await listAds(request)) {
        if (ad.alt.startsWith(alt)) await request.delete(caribbean(`/api/ads/${ad.id}`), { headers: admin });
      }
    }
  });

  test('impressions, clicks and CTR come from the real counts', { tag: '@phone-only' }, async ({ page, request }) => {
    const alt = `E2E Counted ${Date.now().toString(36)}`;
    const created = await request.post(caribbean('/api/ads'), {
      headers: admin,
      data: { imageUrl: `/uploads/${randomUUID()}.png`, targetUrl: 'https://counted.example/', alt, slots: ['schedule'], countries: ['VC'], active: true },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as AdRow;
    try {
      // Serve the slot until this ad has been shown (ads take turns), then click it once.
      for (let i = 0; i < 6; i += 1) await request.get(caribbean('/api/ads/serve?slot=schedule&country=VC'));
      expect((await request.get(caribbean(`/out/${id}`), { maxRedirects: 0 })).status()).toBe(302);
      const counted = (await listAds(request)).find((a) => a.id === id)!;
      expect(counted.impressions).toBeGreaterThan(0);
      expect(counted.clicks).toBe(1);

      await page.goto(caribbean('/admin/ads'));
      await unlock(page);
      const row = adRow(page, alt);
      await expect(row.locator('td[data-label="Impressions"]')).toHaveText(String(counted.impressions));
      await expect(row.locator('td[data-label="Clicks"]')).toHaveText('1');
      await expect(row.locator('td[data-label="CTR"]')).toHaveText(`${((1 / counted.impressions) * 100).toFixed(1)}%`);
      await expect(row).toContainText('St. Vincent');
    } finally {
      await request.delete(caribbean(`/api/ads/${id}`), { headers: admin });
    }
  });

  test('works on a 375 px phone with no sideways scrolling', async ({ page }) => {
    await openAdminOnPhone(page, '/admin/ads', BUTTON);
    await expect(page.locator('.ads-table tbody tr').first()).toBeVisible();
    await page.getByLabel('Ad Mode').selectOption('embed');
    await page.getByRole('button', { name: 'Add Ad' }).click();
    await expect(page.getByRole('form', { name: 'New Advertisement' })).toBeVisible();
    await expectNoSideways(page);
    const action = await page.locator('.ads-table tbody tr').first().getByRole('button', { name: 'Edit' }).boundingBox();
    expect(action!.height).toBeGreaterThanOrEqual(44);
  });
});
