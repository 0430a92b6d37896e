import { cuttingProxy } from '../bench/lib/cutting-proxy.mjs';
import { expect, test, wav } from './fixtures';

// docs/uploads.md: a song uploaded from a phone that loses its connection twice arrives whole
// without starting over. The upload is slowed (Chromium's network emulation) so the
// connection can be cut mid-way, twice.

/** A 44.1 kHz stereo 16-bit WAV (1411 kbps) of about `bytes` bytes, not silent. */
function song(bytes: number): Buffer {
  const b = wav(44100, 2, 16, Math.floor((bytes - 44) / 4) / 44100);
  for (let i = 44; i < b.length; i += 101) b[i] = i & 0xff;
  return b;
}

test('an upload cut twice shows Paused, resumes by itself from the server\'s offset and arrives whole', async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const data = song(2_400_000);
  // Cut when the file position reaches each of these, once each, then refuse every connection for 4 s: a dead zone.
  const proxy = await cuttingProxy(new URL(baseURL!), { cuts: [900_000, 1_700_000], deadMs: 4_000 });
  const patches: number[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PATCH' && r.url().includes('/api/uploads/resumable/')) patches.push(Number(r.headers()['upload-offset']));
  });
  try {
    await page.goto(`${proxy.url}/artists/submit`);
    await page.getByLabel('Artist name').fill('E2E Dead Zone Singer');
    await page.getByLabel('Bio').fill('Recorded on a bus through the hills.');
    await page.getByLabel('Country', { exact: true }).selectOption('JM');
    await page.getByLabel('Track title').fill(`Dead Zone ${Date.now()}`);
    await page.getByLabel('Genre').selectOption('Reggae');
    await page.getByLabel('Audio file').setInputFiles({ name: 'dead-zone.wav', mimeType: 'audio/wav', buffer: data });
    const started = Date.now();
    await page.getByRole('button', { name: 'Submit Music' }).click();

    const progress = page.locator('.upload-progress');
    await expect(progress).toContainText('Paused — waiting for connection');
    await expect(page.getByTestId('submission-success')).toContainText('pending review', { timeout: 60_000 });
    console.log(`upload with two cuts took ${Math.round((Date.now() - started) / 1000)} s; PATCH offsets ${patches.join(', ')}`);
    expect(proxy.cuts()).toBe(2);
    // The first PATCH starts at 0; every one after a cut starts where the server left off.
    expect(patches[0]).toBe(0);
    const resumed = patches.slice(1);
    expect(resumed.length).toBeGreaterThanOrEqual(2);
    expect(resumed.every((offset) => offset > 0)).toBe(true);
    // After the second cut it resumed near 1.7 MB (the server keeps what reached its disk).
    expect(Math.max(...resumed)).toBeGreaterThan(1_400_000);
  } finally {
    await proxy.close();
  }
});
