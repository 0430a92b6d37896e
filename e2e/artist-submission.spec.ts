import { admin, PNG_1X1, caribbean, expect, test, unique } from './fixtures';
import { approvedArtists, allArtists, allTracks, GOOD_WAV, LOW_WAV } from './artist-rows';

// /artists/submit (docs/product.md#screens) against the real server on a fresh demo database:
// the guidelines, the form's checks, the audio's bitrate, and a tenant's own form.

test.describe('Artist submission', () => {
  test('guidelines beside the form; missing fields are named and nothing is sent', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()));
    await page.goto('/artists/submit');
    const guidelines = page.locator('.guidelines');
    await expect(guidelines).toContainText('Original content only');
    await expect(guidelines).toContainText('Minimum 128kbps audio');
    await expect(guidelines).toContainText('7-14 business days');

    await page.getByRole('button', { name: 'Submit Music' }).click();
    await expect(page.getByTestId('error-name')).toHaveText('Artist name is required');
    await expect(page.getByTestId('error-bio')).toHaveText('Bio is required');
    await expect(page.getByTestId('error-countryCode')).toHaveText('Country is required');
    await expect(page.getByTestId('error-title')).toHaveText('Track title is required');
    await expect(page.getByTestId('error-genre')).toHaveText('Genre is required');
    await expect(page.getByTestId('error-audio')).toHaveText('An audio file is required');
    await expect(page.getByLabel('Artist name')).toBeFocused();
    await expect(page.getByLabel('Artist name')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Artist name').fill('Someone');
    await page.getByLabel('Instagram').fill('not a link');
    await page.getByLabel('BPM (optional)').fill('9000');
    await page.getByRole('button', { name: 'Submit Music' }).click();
    await expect(page.getByTestId('error-name')).toHaveCount(0);
    await expect(page.getByTestId('error-instagram')).toHaveText('Valid Instagram URL is required');
    await expect(page.getByTestId('error-bpm')).toHaveText('BPM must be a whole number from 20 to 400');
    expect(posts.filter((u) => u.includes('/api/'))).toEqual([]);
  });

  test('a low-bitrate file is refused beside the audio field; a good one goes through, pending review', { tag: '@phone-only' }, async ({ page, request }) => {
    const name = unique('E2E Submitter');
    const title = unique('E2E First Track');
    const keys: Record<string, string[]> = {};
    page.on('request', (r) => {
      if (r.method() !== 'POST' || !r.url().includes('/api/')) return;
      const path = new URL(r.url()).pathname;
      (keys[path] ??= []).push(r.headers()['idempotency-key'] ?? '');
    });

    await page.goto('/artists/submit');
    await page.getByLabel('Artist name').fill(name);
    await page.getByLabel('Bio').fill('Steel pan and soca from the end-to-end suite.');
    await page.getByLabel('Country', { exact: true }).selectOption('TT');
    await page.getByLabel('Spotify').fill('https://open.spotify.com/artist/e2e-demo');
    await page.getByLabel('Track title').fill(title);
    await page.getByLabel('Genre').selectOption('Soca');
    await page.getByLabel('BPM (optional)').fill('150');
    await page.getByLabel('Key (optional)').fill('D major');
    await page.getByLabel('Explicit lyrics').check();
    await page.getByLabel('Audio file').setInputFiles({ name: 'low.wav', mimeType: 'audio/wav', buffer: LOW_WAV });
    await page.getByRole('button', { name: 'Submit Music' }).click();

    await expect(page.getByTestId('error-audio')).toHaveText('Audio must be at least 128kbps (this file is 64kbps)');
    // Nothing lost, nothing created.
    await expect(page.getByLabel('Artist name')).toHaveValue(name);
    await expect(page.getByLabel('Track title')).toHaveValue(title);
    await expect(page.getByLabel('Genre')).toHaveValue('Soca');
    await expect(page.getByLabel('Explicit lyrics')).toBeChecked();
    expect((await allArtists(request)).some((a) => a.name === name)).toBe(false);

    await page.getByLabel('Photo (optional)').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await page.getByLabel('Audio file').setInputFiles({ name: 'good.wav', mimeType: 'audio/wav', buffer: GOOD_WAV });
    await expect(page.getByTestId('error-audio')).toHaveCount(0);
    await page.getByRole('button', { name: 'Submit Music' }).click();

    const success = page.getByTestId('submission-success');
    await expect(success).toContainText('pending review');
    await expect(success).toContainText('7-14 business days');
    await expect(success).toContainText(title);

    // Stored once, pending, with both uploads.
    const mine = (await allArtists(request)).filter((a) => a.name === name);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ approved: false, featured: false, countryCode: 'TT', socials: { spotify: 'https://open.spotify.com/artist/e2e-demo' } });
    expect(mine[0]!.photoUrl).toMatch(/^\/uploads\/.+\.png$/);
    const track = (await allTracks(request)).filter((t) => t.artistId === mine[0]!.id);
    expect(track).toHaveLength(1);
    expect(track[0]).toMatchObject({ title, genre: 'Soca', status: 'pending', bpm: 150, songKey: 'D major', explicit: true });
    expect(track[0]!.fileUrl).toMatch(/^\/uploads\/.+\.wav$/);
    // Not public.
    expect((await approvedArtists(request)).some((a) => a.name === name)).toBe(false);

    // The files went through resumable uploads (one creation each: the refused one, the
    // photo, the good audio); every JSON call carried its own Idempotency-Key.
    expect(keys['/api/uploads/resumable']).toHaveLength(3);
    expect(keys['/api/uploads']).toBeUndefined();
    expect(keys['/api/artists']).toHaveLength(1);
    expect(keys['/api/tracks']).toHaveLength(1);
    const all = [...keys['/api/artists']!, ...keys['/api/tracks']!];
    expect(all.every((k) => k.length > 0)).toBe(true);
    expect(new Set(all).size).toBe(all.length);
  });

  test('a tenant with its own form shows it, titled Artist Submission, beside the guidelines', async ({ page, request }) => {
    const url = caribbean;
    const res = await request.get(url('/api/settings'), { headers: admin });
    const { tenant: _tenant, ...stored } = (await res.json()) as Record<string, unknown>;
    const current = {
      ...stored,
      streamUrl: stored.streamUrl || '/demo/stream',
      radioHtmlEmbed: String(stored.radioHtmlEmbed ?? '').trim() ? stored.radioHtmlEmbed : '<p>Listen live.</p>',
    };
    const put = await request.put(url('/api/settings'), { headers: admin, data: { ...current, artistFormEmbed: '<p>Our partner form</p>' } });
    expect(put.status(), await put.text()).toBe(200);
    try {
      await page.goto(caribbean('/artists/submit'));
      await expect(page.locator('iframe[title="Artist Submission"]')).toBeVisible();
      await expect(page.locator('.guidelines')).toContainText('Minimum 128kbps audio');
      await expect(page.getByRole('button', { name: 'Submit Music' })).toHaveCount(0);
      // The other tenant keeps the native form.
      await page.goto('/artists/submit');
      await expect(page.getByRole('button', { name: 'Submit Music' })).toBeVisible();
    } finally {
      expect((await request.put(url('/api/settings'), { headers: admin, data: current })).status()).toBe(200);
    }
  });
});
