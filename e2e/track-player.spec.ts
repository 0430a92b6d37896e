import type { APIRequestContext } from '@playwright/test';
import { ADMIN_KEY, expect, test } from './fixtures';
import { toneMp3 } from './tone-mp3';

const admin = { 'x-admin-key': ADMIN_KEY };

interface Made {
  artistId: string;
  artistName: string;
  tracks: { id: string; title: string }[];
}

/** An approved artist with two approved, uploaded tracks (the second explicit), as an admin makes them. */
async function artistWithTracks(request: APIRequestContext): Promise<Made> {
  const artistName = `Player Test ${Date.now() % 100000}`;
  const artist = await request.post('/api/artists', { data: { name: artistName, bio: 'Plays in the e2e test.', countryCode: 'GY' } });
  expect(artist.status()).toBe(201);
  const artistId = ((await artist.json()) as { id: string }).id;
  expect((await request.patch(`/api/artists/${artistId}`, { headers: admin, data: { approved: true } })).status()).toBe(200);
  const tracks: Made['tracks'] = [];
  for (const [title, explicit, hz] of [
    ['First Light', false, 440],
    ['Second Wind', true, 660],
  ] as const) {
    const upload = await request.post('/api/uploads', { multipart: { file: { name: `${title}.mp3`, mimeType: 'audio/mpeg', buffer: toneMp3(40, hz) } } });
    expect(upload.status(), await upload.text()).toBe(201);
    const fileUrl = ((await upload.json()) as { url: string }).url;
    const created = await request.post('/api/tracks', { data: { artistId, title, genre: 'Soca', explicit, fileUrl } });
    expect(created.status()).toBe(201);
    const id = ((await created.json()) as { id: string }).id;
    expect((await request.patch(`/api/tracks/${id}`, { headers: admin, data: { status: 'approved' } })).status()).toBe(200);
    tracks.push({ id, title });
  }
  return { artistId, artistName, tracks };
}

test('an approved track plays from its artist page; the queue moves on; Back to Live returns to the stream', async ({ page, request }) => {
  const made = await artistWithTracks(request);
  await page.goto(`/artists/${made.artistId}`);
  await expect(page.getByRole('heading', { name: 'Approved Tracks (2)' })).toBeVisible();
  const bar = page.getByRole('region', { name: 'Now playing' });
  await expect(bar.getByText('LIVE', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Play First Light' }).click();
  await expect(bar).toHaveAttribute('data-status', 'playing', { timeout: 15_000 });
  await expect(bar.getByTestId('np-title')).toHaveText('First Light');
  await expect(bar.getByTestId('np-artist')).toHaveText(made.artistName);
  await expect(bar.getByText('LIVE', { exact: true })).toHaveCount(0);
  // Its position advances, and it can be sought.
  await expect(bar.getByTestId('np-position')).not.toHaveText('0:00', { timeout: 10_000 });
  const seek = bar.getByRole('slider', { name: 'Seek' });
  await expect(seek).toBeEnabled();
  await expect(seek).toHaveAttribute('max', '40');
  await seek.fill('30');
  await expect(bar.getByTestId('np-position')).toHaveText(/^0:3\d$/);
  await expect(page.getByRole('button', { name: 'Pause First Light' })).toBeVisible();
  // The lock screen shows the track.
  await expect.poll(() => page.evaluate(() => [navigator.mediaSession.metadata?.title, navigator.mediaSession.metadata?.artist])).toEqual(['First Light', made.artistName]);

  // The artist's tracks are the queue (newest first, as listed): previous and next in the expanded bar.
  await bar.getByRole('button', { name: 'Expand player' }).click();
  await expect(bar.getByText('Track 2 of 2')).toBeVisible();
  await expect(bar.getByRole('button', { name: /Next/ })).toBeDisabled();
  // Previous restarts a track that has played a while, and then goes to the one before.
  await bar.getByRole('button', { name: /Previous/ }).click();
  await expect(bar.getByTestId('np-position')).toHaveText(/^0:0\d$/);
  await bar.getByRole('button', { name: /Previous/ }).click();
  await expect(bar.getByTestId('np-title')).toContainText('Second Wind');
  await expect(bar.getByText('Track 1 of 2')).toBeVisible();
  // An explicit track carries its badge in the bar too.
  await expect(bar.getByTitle('Explicit')).toBeVisible();
  await expect(bar).toHaveAttribute('data-status', 'playing', { timeout: 15_000 });
  await expect(bar.getByTestId('data-used')).toContainText('Data used this session');

  // One tap back to the live stream.
  await bar.getByRole('button', { name: 'Back to Live' }).click();
  await expect(bar.getByText('LIVE', { exact: true })).toBeVisible();
  await expect(bar.getByRole('slider', { name: 'Seek' })).toHaveCount(0);
  await expect(bar).toHaveAttribute('data-status', 'playing', { timeout: 15_000 });
  await expect(bar.getByRole('button', { name: 'Back to Live' })).toHaveCount(0);
});

test('Low Data Mode plays the ~48 kbps rendition the server made on approval', async ({ page, request }) => {
  const made = await artistWithTracks(request);
  // The server makes the rendition after approval: wait until it is listed.
  await expect
    .poll(async () => ((await (await request.get(`/api/tracks?artist_id=${made.artistId}`)).json()) as { lowDataUrl: string | null }[]).every((t) => t.lowDataUrl), { timeout: 60_000 })
    .toBe(true);
  const tracks = (await (await request.get(`/api/tracks?artist_id=${made.artistId}`)).json()) as { title: string; lowDataUrl: string; fileUrl: string }[];
  const first = tracks.find((t) => t.title === 'First Light')!;

  await page.addInitScript(() => localStorage.setItem('lowDataMode', 'true'));
  const media: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/uploads/')) media.push(new URL(r.url()).pathname);
  });
  await page.goto(`/artists/${made.artistId}`);
  await page.getByRole('button', { name: 'Play First Light' }).click();
  const bar = page.getByRole('region', { name: 'Now playing' });
  await expect(bar).toHaveAttribute('data-status', 'playing', { timeout: 15_000 });
  expect(media).toContain(first.lowDataUrl);
  expect(media).not.toContain(first.fileUrl);
  await bar.getByRole('button', { name: 'Expand player' }).click();
  await expect(bar.getByTestId('data-used')).toContainText('(low-data track)');
});

test('every demo track plays the demo tune: a newcomer’s first Play is heard (issue 29)', async ({ page, request }) => {
  const tracks = (await (await request.get('/api/tracks?limit=100')).json()) as { id: string; title: string; artistId: string; fileUrl: string }[];
  const demo = tracks.filter((t) => t.fileUrl.startsWith('/demo/'));
  expect(demo.length).toBeGreaterThan(0);
  // Each file a demo track names is there, as sound (never the app's page).
  for (const url of new Set(demo.map((t) => t.fileUrl))) {
    const res = await request.get(url);
    expect(res.status(), url).toBe(200);
    expect(res.headers()['content-type']).toBe('audio/mpeg');
  }
  const track = demo[0]!;
  await page.goto(`/artists/${track.artistId}`);
  const bar = page.getByRole('region', { name: 'Now playing' });
  await page.getByRole('button', { name: `Play ${track.title}` }).first().click();
  await expect(bar).toHaveAttribute('data-status', 'playing', { timeout: 15_000 });
  await expect(bar.getByTestId('np-position')).not.toHaveText('0:00', { timeout: 10_000 });
  await expect(bar.getByRole('slider', { name: 'Seek' })).toHaveAttribute('aria-valuetext', /of 0:16$/);
});
