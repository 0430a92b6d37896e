import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { admin, apiCalls, caribbean, checkGate, expect, expectKeyOnAdminCalls, expectNoSideways, openAdminOnPhone, test, unlockAdmin } from './fixtures';

const BUTTON = 'Access Dashboard';
const DAY = 24 * 60 * 60 * 1000;

interface ArtistRow {
  id: string;
  name: string;
  countryCode: string;
  approved: boolean;
  createdAt: string;
}
interface TrackRow {
  id: string;
  title: string;
  status: 'approved' | 'pending' | 'rejected';
  createdAt: string;
}

const unlock = (page: Page) => unlockAdmin(page, BUTTON);

const getJson = async <T>(request: APIRequestContext, url: string): Promise<T> => {
  const res = await request.get(url, { headers: admin });
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
};

/** The page's own calendar day, as in the file name. */
const today = (page: Page) =>
  page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });

async function exportFile(page: Page, label: string) {
  const exports = page.getByRole('article', { name: 'Export & Reports' });
  const [download] = await Promise.all([page.waitForEvent('download'), exports.getByRole('button', { name: label }).click()]);
  const text = (await readFile((await download.path())!)).toString('utf8');
  return { name: download.suggestedFilename(), text };
}

test.describe('admin dashboard', () => {
  test('the gate: disabled while empty, wrong key refused, right key unlocks; no call without the key', async ({ page }) => {
    const requests = await checkGate(page, { path: '/admin/dashboard', button: BUTTON, welcome: 'Welcome to the admin dashboard.', heading: 'Admin Dashboard' });
    await expect(page.getByText('Real-time Data')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Track Statistics' })).toBeVisible();

    const paths = apiCalls(requests).map((r) => new URL(r.url()).pathname);
    for (const path of ['/api/artists', '/api/tracks', '/api/events', '/api/sponsors']) expect(paths).toContain(path);
    expectKeyOnAdminCalls(requests);
  });

  test('one admin layout: each page asks with its own button, /admin opens the dashboard, one unlock opens every page', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('button', { name: BUTTON })).toBeDisabled();
    const gates = [
      ['/admin/settings', 'Access Settings'],
      ['/admin/ads', 'Access Advertisement Settings'],
      ['/admin/moderation', 'Access Moderation'],
      ['/admin/schedule', 'Access Schedule'],
      ['/admin/events', 'Access Events'],
      ['/admin/sponsors', 'Access Sponsors'],
    ] as const;
    for (const [path, button] of gates) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Admin Authentication' })).toBeVisible();
      await expect(page.getByRole('button', { name: button })).toBeVisible();
    }
    await unlockAdmin(page, 'Access Sponsors');
    const menu = page.getByRole('navigation', { name: 'Admin' });
    await expect(menu).toHaveCount(1);
    await menu.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: /Currently Managing/ })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { name: 'Admin Authentication' })).toHaveCount(0);
    await menu.getByRole('button', { name: 'Lock' }).click();
    await expect(page.getByRole('button', { name: 'Access Settings' })).toBeVisible();
  });

  test('KPIs, top countries, recent activity and track statistics match the data', { tag: '@phone-only' }, async ({ page, request }) => {
    const artists = await getJson<ArtistRow[]>(request, '/api/artists');
    const tracks = await getJson<TrackRow[]>(request, '/api/tracks');
    const events = await getJson<{ isPublic: boolean }[]>(request, '/api/events');
    // The demo content is there.
    expect(artists.length).toBeGreaterThanOrEqual(24);
    expect(tracks.length).toBeGreaterThanOrEqual(34);

    const since = Date.now() - 7 * DAY;
    const fresh = [...artists, ...tracks].filter((x) => Date.parse(x.createdAt) >= since).length;
    const approved = artists.filter((a) => a.approved).length;
    const pending = artists.length - approved;
    const guyana = artists.filter((a) => a.countryCode === 'GY').length;
    const byCountry = new Map<string, number>();
    for (const a of artists) byCountry.set(a.countryCode, (byCountry.get(a.countryCode) ?? 0) + 1);
    const most = Math.max(...byCountry.values());
    const newestArtist = [...artists].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0]!;

    await page.goto('/admin/dashboard');
    await unlock(page);
    await expect(page.getByTestId('kpi-new-value')).toHaveText(String(fresh));
    await expect(page.getByTestId('kpi-rate-value')).toHaveText(`${Math.round((approved / artists.length) * 100)}%`);
    await expect(page.getByTestId('kpi-rate-detail')).toHaveText(`${approved} approved · ${pending} pending`);
    await expect(page.getByTestId('kpi-artists-value')).toHaveText(String(artists.length));
    await expect(page.getByTestId('kpi-artists-detail')).toHaveText(`${guyana} from Guyana`);
    await expect(page.getByRole('region', { name: 'Events' })).toBeVisible();
    await expect(page.getByTestId('kpi-events-value')).toHaveText(String(events.length));
    await expect(page.getByRole('region', { name: 'Prayer Requests' })).toHaveCount(0);

    const top = page.getByRole('article', { name: 'Top Countries' }).getByRole('listitem');
    await expect(top).toHaveCount(Math.min(5, byCountry.size));
    // Guyana leads the demo catalogue; every entry has its flag.
    await expect(top.first()).toContainText('Guyana');
    await expect(top.first().locator('svg.flag')).toBeVisible();
    await expect(top.first()).toContainText(String(most));

    const activity = page.getByRole('article', { name: 'Recent Activity' }).getByRole('listitem');
    await expect(activity).toHaveCount(5);
    await expect(activity.first()).toContainText(newestArtist.name);

    const submissions = page.getByRole('article', { name: 'Recent Artist Submissions' }).locator('tbody tr');
    await expect(submissions).toHaveCount(10);
    await expect(submissions.first()).toContainText(newestArtist.name);
    await expect(submissions.first()).toContainText(newestArtist.approved ? 'Approved' : 'Pending');

    const stats = page.getByRole('article', { name: 'Track Statistics' });
    await expect(stats.getByTestId('tracks-approved')).toHaveText(String(tracks.filter((t) => t.status === 'approved').length));
    await expect(stats.getByTestId('tracks-pending')).toHaveText(String(tracks.filter((t) => t.status === 'pending').length));
    await expect(stats.getByTestId('tracks-rejected')).toHaveText(String(tracks.filter((t) => t.status === 'rejected').length));
    await expect(stats.getByText('Pending Review')).toBeVisible();
    const rows = stats.locator('tbody tr');
    await expect(rows).toHaveCount(10);
    await expect(rows.first()).toContainText(tracks[0]!.title);
    await expect(rows.first()).toContainText({ approved: 'Approved', pending: 'Pending', rejected: 'Rejected' }[tracks[0]!.status]);
  });

  test('on caribbean the fourth card counts prayer requests', { tag: '@phone-only' }, async ({ page, request }) => {
    const prayers = await getJson<{ approved: boolean }[]>(request, caribbean('/api/prayers'));
    expect(prayers.length).toBeGreaterThan(0);
    await page.goto(caribbean('/admin/dashboard'));
    await unlock(page);
    await expect(page.getByRole('region', { name: 'Prayer Requests' })).toBeVisible();
    await expect(page.getByTestId('kpi-prayers-value')).toHaveText(String(prayers.length));
    await expect(page.getByTestId('kpi-prayers-detail')).toHaveText(`${prayers.filter((p) => p.approved).length} approved`);
    await expect(page.getByRole('region', { name: 'Events' })).toHaveCount(0);

    // No events on caribbean: nothing to export.
    await page.getByRole('article', { name: 'Export & Reports' }).getByRole('button', { name: 'Events' }).click();
    await expect(page.getByTestId('toast')).toContainText('No Data');
    await expect(page.getByTestId('toast')).toContainText('No data available for export.');
  });

  test('CSV exports: file name, header row, quoted and escaped values', { tag: '@phone-only' }, async ({ page, request }) => {
    // An event whose title needs escaping; removed again at the end.
    const title = `E2E "Quoted" Night, Live ${Date.now().toString(36)}`;
    const created = await request.post('/api/events', {
      headers: admin,
      data: { title, startIso: new Date(Date.now() + 30 * DAY).toISOString(), locationText: 'Georgetown', isPublic: false },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    try {
      await page.goto('/admin/dashboard');
      await unlock(page);
      const day = await today(page);

      const artists = await exportFile(page, 'Artists');
      expect(artists.name).toBe(`watzhott-artists-${day}.csv`);
      await expect(page.getByTestId('toast')).toContainText('Export Successful');
      await expect(page.getByTestId('toast')).toContainText(`watzhott-artists-${day}.csv has been downloaded.`);
      const lines = artists.text.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe(
        '"id","name","country","countryCode","bio","approved","featured","photoUrl","instagram","spotify","youtube","soundcloud","createdAt"',
      );
      const shanice = lines.find((l) => l.includes('"Shanice Persaud"'));
      expect(shanice).toMatch(/^"[^"]+","Shanice Persaud","Guyana","GY","[^"]*",true,true,"\/demo\/artists\/shanice-persaud\.svg",/);

      const events = await exportFile(page, 'Events');
      expect(events.name).toBe(`watzhott-events-${day}.csv`);
      const eventLines = events.text.replace(/^\uFEFF/, '').split('\r\n');
      expect(eventLines[0]).toBe('"id","title","startIso","locationText","priceFrom","ticketUrl","isPublic","imageUrl"');
      const ours = eventLines.find((l) => l.startsWith(`"${id}"`));
      expect(ours?.startsWith(`"${id}","${title.replace(/"/g, '""')}","`)).toBe(true);
      expect(ours).toMatch(/,"\d{4}-\d{2}-\d{2}T[^"]+","Georgetown",,,false,$/);

      const tracks = await exportFile(page, 'Tracks');
      expect(tracks.name).toBe(`watzhott-tracks-${day}.csv`);
      expect(tracks.text).toContain('"Seawall Sunset"');

      const sponsors = await exportFile(page, 'Sponsors');
      expect(sponsors.name).toBe(`watzhott-sponsors-${day}.csv`);
      // Multi-line notes stay inside one quoted cell.
      expect(sponsors.text).toMatch(/"Email: [^"]+\nBudget: [^"]+\nGoals: [^"]+"/);
    } finally {
      await request.delete(`/api/events/${id}`, { headers: admin });
    }
  });

  test('works on a 375 px phone with no sideways scrolling', async ({ page }) => {
    await openAdminOnPhone(page, '/admin/dashboard', BUTTON);
    await expect(page.getByRole('heading', { name: 'Track Statistics' })).toBeVisible();
    await expectNoSideways(page);
    const exportButton = await page.getByRole('article', { name: 'Export & Reports' }).getByRole('button', { name: 'Artists' }).boundingBox();
    expect(exportButton!.height).toBeGreaterThanOrEqual(44);
  });
});
