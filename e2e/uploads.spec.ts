import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

test('an upload cut and then reloaded away resumes from the server\'s offset with its token (issue 30: uploads belong to their creator)', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  // A file on disk, so picking it again after the reload is the same file (name, size, date).
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-upload-'));
  const file = path.join(dir, 'reloaded.wav');
  fs.writeFileSync(file, song(1_600_000));
  // One cut at 700 KB, then the link stays dead until the test brings it back.
  const proxy = await cuttingProxy(new URL(baseURL!), { cuts: [700_000], deadMs: 600_000 });
  const calls: { method: string; offset: number; token: boolean }[] = [];
  page.on('request', (r) => {
    if (!r.url().includes('/api/uploads/resumable/')) return;
    calls.push({ method: r.method(), offset: Number(r.headers()['upload-offset'] ?? -1), token: Boolean(r.headers()['upload-token']) });
  });
  const fill = async (title: string) => {
    await page.getByLabel('Artist name').fill('E2E Reload Singer');
    await page.getByLabel('Bio').fill('Lost the signal, then the tab.');
    await page.getByLabel('Country', { exact: true }).selectOption('TT');
    await page.getByLabel('Track title').fill(title);
    await page.getByLabel('Genre').selectOption('Soca');
    await page.getByLabel('Audio file').setInputFiles(file);
    await page.getByRole('button', { name: 'Submit Music' }).click();
  };
  try {
    const title = `Reloaded ${Date.now()}`;
    await page.goto(`${proxy.url}/artists/submit`);
    await fill(title);
    await expect(page.locator('.upload-progress')).toContainText('Paused — waiting for connection');
    proxy.up();
    calls.length = 0;
    await page.reload();
    await fill(title);
    await expect(page.getByTestId('submission-success')).toContainText('pending review', { timeout: 60_000 });
    // Every call on the upload after the reload carried its token, and the first PATCH went
    // on from where the server had stopped, not from 0.
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((c) => c.token)).toBe(true);
    const firstPatch = calls.find((c) => c.method === 'PATCH');
    expect(firstPatch?.offset).toBeGreaterThan(0);
    expect(proxy.cuts()).toBe(1);
  } finally {
    await proxy.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
