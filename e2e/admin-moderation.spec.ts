import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { ADMIN_KEY, admin, caribbean, expect, expectNoSideways, isShellPath, test, toast, unique, wav } from './fixtures';

const row = (page: Page, text: string) => page.getByTestId('moderation-row').filter({ hasText: text });

/** The layout's own public calls (fixtures.ts), made as a visitor, not the admin screen's. */
const isShellCall = (c: { path: string; method: string; key: string | undefined }) =>
  c.key === undefined && isShellPath(c.method, c.path.split('?')[0]!);

interface SeenCall {
  path: string;
  method: string;
  key: string | undefined;
}

function watchApi(page: Page): SeenCall[] {
  const seen: SeenCall[] = [];
  page.on('request', (r: Request) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) seen.push({ path: url.pathname + url.search, method: r.method(), key: r.headers()['x-admin-key'] });
  });
  return seen;
}

async function unlock(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Admin Authentication' })).toBeVisible();
  await page.getByLabel('Admin key').fill(ADMIN_KEY);
  await page.getByRole('button', { name: 'Access Moderation' }).click();
  await expect(page.getByRole('heading', { name: 'Content Moderation' })).toBeVisible();
}

async function openTab(page: Page, name: RegExp | string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

async function createPendingArtist(request: APIRequestContext, name: string, bio = `${name} sings about island life, faith and family in every song.`) {
  const res = await request.post('/api/artists', { data: { name, bio, countryCode: 'JM' } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; approved: boolean };
}

/** A new pending artist (its name made from `label`), as a row of the unlocked moderation page. */
async function pendingArtistRow(page: Page, request: APIRequestContext, label: string) {
  const name = unique(label);
  const artist = await createPendingArtist(request, name);
  await unlock(page, '/admin/moderation');
  const r = row(page, name);
  await expect(r).toBeVisible();
  return { name, artist, r };
}

async function createPendingTrack(request: APIRequestContext, artistId: string, title: string, explicit = false) {
  const res = await request.post('/api/tracks', { data: { artistId, title, genre: 'Soca', explicit, fileUrl: `/uploads/${randomUUID()}.mp3` } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; fileUrl: string };
}

test.describe('moderation gate', () => {
  test('empty key disables the button, a wrong key fails, the right key opens the page', async ({ page }) => {
    const seen = watchApi(page);
    await page.goto('/admin/moderation');
    await expect(page.getByRole('heading', { name: 'Admin Authentication' })).toBeVisible();
    const button = page.getByRole('button', { name: 'Access Moderation' });
    await expect(button).toBeDisabled();
    await expect(page.getByLabel('Admin key')).toHaveAttribute('type', 'password');

    // Nothing but public calls before the key is given.
    expect(seen.filter((c) => c.key !== undefined)).toEqual([]);
    expect(seen.filter((c) => /approved=false|^\/api\/shoutouts/.test(c.path))).toEqual([]);

    await page.getByLabel('Admin key').fill('not-the-key');
    await expect(button).toBeEnabled();
    await button.click();
    await expect(toast(page)).toContainText('Authentication Failed');
    await expect(toast(page)).toContainText('Invalid admin key. Please try again.');
    await expect(page.getByRole('heading', { name: 'Content Moderation' })).toHaveCount(0);

    await page.getByLabel('Admin key').fill(ADMIN_KEY);
    await button.click();
    await expect(toast(page)).toContainText('Authentication Successful');
    await expect(toast(page)).toContainText('You can now moderate content.');
    await expect(page.getByRole('heading', { name: 'Content Moderation' })).toBeVisible();
  });

  test('every admin call after unlocking carries the key', { tag: '@phone-only' }, async ({ page }) => {
    const seen = watchApi(page);
    await unlock(page, '/admin/moderation');
    const unlockedFrom = seen.findIndex((c) => c.path.startsWith('/api/settings') && c.key !== undefined);
    expect(unlockedFrom).toBeGreaterThanOrEqual(0);
    for (const tab of [/^Tracks/, /^Shoutouts/, /^Events/, /^Artists/]) await openTab(page, tab);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();

    const adminCalls = seen.slice(unlockedFrom).filter((c) => !isShellCall(c));
    expect(adminCalls.map((c) => c.path)).toEqual(
      // Each queue is read a page at a time: its pending rows, 25 first (issue 16).
      expect.arrayContaining(['/api/artists?pending=true&limit=25', '/api/tracks?pending=true&limit=25', '/api/shoutouts?pending=true&limit=25', '/api/events']),
    );
    expect(adminCalls.filter((c) => c.key !== ADMIN_KEY)).toEqual([]);
  });
});

test.describe('moderation queues', () => {
  test('tabs, counts and the pending badge on watzhott: no Prayers tab', async ({ page }) => {
    await unlock(page, '/admin/moderation');
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText([/^Artists \(\d+\)$/, /^Tracks \(\d+\)$/, /^Shoutouts \(\d+\)$/, /^Chat \(\d+\)$/, 'Events']);
    const counts = (await tabs.allTextContents()).map((t) => Number(/\((\d+)\)/.exec(t)?.[1] ?? 0));
    await expect(page.getByTestId('pending-badge')).toHaveText(`${counts.reduce((a, b) => a + b, 0)} pending`);
    await expectNoSideways(page);
  });

  test('approving an artist puts it in the public directory', async ({ page, request }) => {
    const name = unique('E2E Approve Artist');
    const bio = `${name} writes gospel soca for the whole family, recorded live in Kingston with friends.`;
    const artist = await createPendingArtist(request, name, bio);
    await unlock(page, '/admin/moderation');
    const r = row(page, name);
    await expect(r).toBeVisible();
    await expect(r).toContainText('Jamaica');
    // Bio cut to 50 characters.
    await expect(r).toContainText(`${bio.slice(0, 50)}...`);
    await expect(r).not.toContainText(bio);
    await expect(r.getByRole('button', { name: `View ${name}` })).toHaveAttribute('href', `/artists/${artist.id}`);
    await expect(r.getByRole('button', { name: `View ${name}` })).toHaveAttribute('target', '_blank');
    await expectNoSideways(page);

    await r.getByRole('button', { name: `Approve ${name}` }).click();
    await expect(toast(page)).toContainText('Artist moderated successfully');
    await expect(r).toHaveCount(0);

    const publicList = (await (await request.get('/api/artists')).json()) as { name: string }[];
    expect(publicList.map((a) => a.name)).toContain(name);
    await page.goto('/artists/directory');
    await page.getByRole('searchbox', { name: 'Search' }).fill(name);
    await expect(page.getByRole('heading', { name })).toBeVisible();
  });

  test('featuring an artist approves and features it', async ({ page, request }) => {
    const name = unique('E2E Feature Artist');
    const artist = await createPendingArtist(request, name);
    await unlock(page, '/admin/moderation');
    await row(page, name).getByRole('button', { name: `Feature ${name}` }).click();
    await expect(toast(page)).toContainText('Artist moderated successfully');
    await expect(row(page, name)).toHaveCount(0);
    const stored = (await (await request.get(`/api/artists/${artist.id}`)).json()) as { approved: boolean; featured: boolean };
    expect(stored).toMatchObject({ approved: true, featured: true });
  });

  test('rejecting a track keeps it off the public side; approving another shows it', async ({ page, request }) => {
    const artistName = unique('E2E Track Artist');
    const artist = await createPendingArtist(request, artistName);
    expect((await request.patch(`/api/artists/${artist.id}`, { headers: admin, data: { approved: true } })).status()).toBe(200);
    const rejectTitle = unique('E2E Reject Track');
    const approveTitle = unique('E2E Approve Track');
    const rejected = await createPendingTrack(request, artist.id, rejectTitle, true);
    const approved = await createPendingTrack(request, artist.id, approveTitle);

    await page.goto('/admin/moderation?tab=tracks');
    await page.getByLabel('Admin key').fill(ADMIN_KEY);
    await page.getByRole('button', { name: 'Access Moderation' }).click();
    await expect(page.getByRole('tab', { name: /^Tracks/ })).toHaveAttribute('aria-selected', 'true');

    const r = row(page, rejectTitle);
    await expect(r).toContainText('Soca');
    await expect(r).toContainText('Explicit');
    const play = r.getByRole('button', { name: `Play ${rejectTitle}` });
    await expect(play).toHaveAttribute('href', rejected.fileUrl);
    await expect(play).toHaveAttribute('target', '_blank');
    await expectNoSideways(page);

    await r.getByRole('button', { name: `Reject ${rejectTitle}` }).click();
    await expect(toast(page)).toContainText('Track moderated successfully');
    await expect(r).toHaveCount(0);
    await row(page, approveTitle).getByRole('button', { name: `Approve ${approveTitle}` }).click();
    await expect(toast(page)).toContainText('Track moderated successfully');
    await expect(row(page, approveTitle)).toHaveCount(0);

    const all = (await (await request.get('/api/tracks', { headers: admin })).json()) as { id: string; status: string }[];
    expect(all.find((t) => t.id === rejected.id)?.status).toBe('rejected');
    expect(all.find((t) => t.id === approved.id)?.status).toBe('approved');
    const publicTracks = (await (await request.get(`/api/tracks?artist_id=${artist.id}`)).json()) as { title: string }[];
    expect(publicTracks.map((t) => t.title)).toEqual([approveTitle]);
    await page.goto(`/artists/${artist.id}`);
    await expect(page.getByText(approveTitle)).toBeVisible();
    await expect(page.getByText(rejectTitle)).toHaveCount(0);
  });

  test('approving a prayer on caribbean puts it on the prayer wall', async ({ page, request }) => {
    const marker = unique('E2E prayer');
    const text = `${marker}: please pray for the fishermen of our village and for safe seas this whole hurricane season, amen.`;
    const created = await request.post(caribbean('/api/prayers'), { data: { text, nameOptional: 'Marisol' } });
    expect(created.status(), await created.text()).toBe(201);

    await unlock(page, caribbean('/admin/moderation'));
    await expect(page.getByRole('tab')).toHaveText([/^Artists \(\d+\)$/, /^Tracks \(\d+\)$/, /^Prayers \(\d+\)$/, /^Shoutouts \(\d+\)$/, /^Chat \(\d+\)$/, 'Events']);
    await openTab(page, /^Prayers/);
    const r = row(page, marker);
    await expect(r).toContainText(`${text.slice(0, 80)}...`);
    await expect(r).not.toContainText(text);
    await expect(r).toContainText('Marisol');
    await expect(r.getByRole('button', { name: /^Feature/ })).toHaveCount(0);
    await expectNoSideways(page);

    await r.getByRole('button', { name: /^Approve prayer/ }).click();
    await expect(toast(page)).toContainText('Prayer moderated successfully');
    await expect(r).toHaveCount(0);

    await page.goto(caribbean('/community'));
    await expect(page.getByText(text)).toBeVisible();
  });

  test('approving a recorded shoutout', { tag: '@phone-only' }, async ({ page, request }) => {
    const name = unique('E2E Shouter');
    const res = await request.post('/api/shoutouts', {
      multipart: { audio: { name: 'shoutout.wav', mimeType: 'audio/wav', buffer: wav(8000, 1, 16, 0.1) }, nameOptional: name },
    });
    expect(res.status(), await res.text()).toBe(201);
    const shoutout = (await res.json()) as { id: string; audioUrl: string };

    await unlock(page, '/admin/moderation?tab=shoutouts');
    const r = row(page, name);
    await expect(r).toContainText('Available');
    const play = r.getByRole('button', { name: new RegExp(`^Play shoutout from ${name}`) });
    await expect(play).toHaveAttribute('href', shoutout.audioUrl);
    await expect(play).toHaveAttribute('target', '_blank');
    // The recording is really there to play.
    expect((await request.get(shoutout.audioUrl)).status()).toBe(200);
    await expectNoSideways(page);

    await r.getByRole('button', { name: new RegExp(`^Approve shoutout from ${name}`) }).click();
    await expect(toast(page)).toContainText('Shoutout moderated successfully');
    await expect(r).toHaveCount(0);
    const approved = (await (await request.get('/api/shoutouts?approved=true', { headers: admin })).json()) as { id: string }[];
    expect(approved.map((s) => s.id)).toContain(shoutout.id);
  });

  test('a failed call shows an error toast and leaves the row as it was', { tag: '@phone-only' }, async ({ page, request }) => {
    const { name, artist, r } = await pendingArtistRow(page, request, 'E2E Failing Artist');

    // Cut the network for this one PATCH only; the server itself is untouched.
    let cut = 0;
    await page.route(`**/api/artists/${artist.id}`, (route) => {
      if (route.request().method() !== 'PATCH') return route.continue();
      cut += 1;
      return route.abort('internetdisconnected');
    });
    await r.getByRole('button', { name: `Approve ${name}` }).click();
    await expect(toast(page)).toContainText('Moderation Failed');
    await expect(toast(page)).toHaveClass(/toast-destructive/);
    expect(cut).toBe(1);
    await expect(r).toBeVisible();
    await expect(r.getByRole('button', { name: `Approve ${name}` })).toBeEnabled();
    const stored = (await (await request.get(`/api/artists/${artist.id}`, { headers: admin })).json()) as { approved: boolean };
    expect(stored.approved).toBe(false);

    // With the network back, the same row goes through.
    await page.unroute(`**/api/artists/${artist.id}`);
    await r.getByRole('button', { name: `Approve ${name}` }).click();
    await expect(toast(page)).toContainText('Artist moderated successfully');
    await expect(r).toHaveCount(0);
  });

  test('events tab: watzhott lists events with badges and ticket links; caribbean has none', async ({ page }) => {
    await unlock(page, '/admin/moderation?tab=events');
    const rows = page.getByTestId('moderation-row');
    await expect(rows.first()).toBeVisible();
    await expect(rows.first()).toContainText(/Public|Private/);
    await expect(page.getByRole('button', { name: /^Tickets for / }).first()).toHaveAttribute('target', '_blank');
    await expectNoSideways(page);

    const seen = watchApi(page);
    await page.goto(caribbean('/admin/moderation?tab=events'));
    await expect(page.getByRole('heading', { name: 'No events found' })).toBeVisible();
    await expect(page.getByText('Events are only available on the Watzhott platform.')).toBeVisible();
    expect(seen.filter((c) => c.path.startsWith('/api/events'))).toEqual([]);
  });

  test('empty queues say so', async ({ page, request }) => {
    // The caribbean shoutout queue is emptied for real (approving what waits there), so its
    // empty message can be seen whatever other tests left behind.
    const waiting = (await (await request.get(caribbean('/api/shoutouts?approved=false'), { headers: admin })).json()) as { id: string }[];
    for (const s of waiting) await request.patch(caribbean(`/api/shoutouts/${s.id}`), { headers: admin, data: { approved: true } });
    await unlock(page, caribbean('/admin/moderation?tab=shoutouts'));
    await expect(page.getByRole('heading', { name: 'No pending shoutouts' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Shoutouts (0)' })).toBeVisible();
  });
});

test.describe('a refusal from the server', () => {
  // Its own client address per project: this test locks that address out of admin calls on purpose.
  test.use({
    extraHTTPHeaders: async ({}, use, testInfo) => {
      await use({ 'X-Forwarded-For': testInfo.project.name === 'phone' ? '203.0.113.77' : '203.0.113.79' });
    },
  });

  test("shows the server's message and leaves the row as it was", { tag: '@phone-only' }, async ({ page, request }) => {
    const { name, artist, r } = await pendingArtistRow(page, request, 'E2E Refused Artist');

    // Meanwhile someone guesses keys from the same address: the server locks it out (docs/api.md).
    let refusal = '';
    for (let i = 0; i < 11; i += 1) {
      const res = await request.get('/api/settings', { headers: { 'x-admin-key': `wrong-${i}` } });
      if (res.status() === 429) refusal = ((await res.json()) as { error: string }).error;
    }
    expect(refusal).not.toBe('');

    await r.getByRole('button', { name: `Approve ${name}` }).click();
    await expect(toast(page)).toContainText('Moderation Failed');
    await expect(toast(page)).toContainText(refusal);
    await expect(toast(page)).toHaveClass(/toast-destructive/);
    await expect(r).toBeVisible();
    await expect(r.getByRole('button', { name: `Approve ${name}` })).toBeEnabled();
    // Still pending on the server (read from an address that is not locked out).
    const stored = await request.get(`/api/artists/${artist.id}`, { headers: { ...admin, 'X-Forwarded-For': '203.0.113.78' } });
    expect(((await stored.json()) as { approved: boolean }).approved).toBe(false);
  });
});
