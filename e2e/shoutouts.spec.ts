import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN_KEY, changeSettings, expect, test } from './fixtures';

const chromiumArgs = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'chromium-args.json'), 'utf8')) as string[];

// Chromium's fake microphone (a beeping tone) with its permission prompt accepted: these tests
// only, in their own browser, so no other spec gets a microphone.
test.use({
  launchOptions: { executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: [...chromiumArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] },
  permissions: ['microphone'],
});

const admin = { 'x-admin-key': ADMIN_KEY };

interface Shoutout {
  id: string;
  nameOptional: string | null;
  audioUrl: string;
}

const pending = async (request: APIRequestContext) => (await (await request.get('/api/shoutouts?approved=false', { headers: admin })).json()) as Shoutout[];

async function recordTwoSeconds(page: Page) {
  const form = page.getByRole('article', { name: 'Send a Voice Shoutout' });
  await form.getByRole('button', { name: 'Record' }).click();
  await expect(form.getByTestId('recording-time')).toHaveText('0:02 / 1:00', { timeout: 10_000 });
  // The level meter moves with the (fake) voice.
  await expect.poll(() => form.getByRole('meter', { name: 'Microphone level' }).evaluate((m: HTMLMeterElement) => m.value)).toBeGreaterThan(0);
  await form.getByRole('button', { name: 'Stop' }).click();
  await expect(form.getByTestId('listen-back')).toBeVisible();
  await expect(form.getByText(/^Recorded 0:0[23]\./)).toBeVisible();
  return form;
}

test('a shoutout recorded with the microphone reaches the moderation queue', async ({ page, request }) => {
  await page.goto('/');
  const form = await recordTwoSeconds(page);
  // Listen back, then re-record is there too.
  await expect(form.getByRole('button', { name: 'Re-record' })).toBeVisible();
  const send = form.getByRole('button', { name: 'Send Shoutout' });
  await expect(send).toBeDisabled(); // consent first
  const name = `Mic Test ${Date.now() % 100000}`;
  await form.getByLabel('Your name (optional)').fill(name);
  await form.getByLabel('I agree that my shoutout may be played on air.').check();
  await send.click();
  await expect(page.getByText('Your shoutout was sent for review.')).toBeVisible({ timeout: 15_000 });

  const mine = (await pending(request)).filter((s) => s.nameOptional === name);
  expect(mine).toHaveLength(1);
  const file = await request.get(mine[0]!.audioUrl);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toMatch(/^(audio\/|video\/webm)/); // WebM with only audio is still served as WebM
  expect((await file.body()).length).toBeGreaterThan(1000);
});

test('microphone refused: a clear message, and a picked audio file is sent instead', async ({ page, request }) => {
  // The browser's own refusal (what a listener's "Block" gives), without a prompt to click.
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await page.goto('/');
  const form = page.getByRole('article', { name: 'Send a Voice Shoutout' });
  await form.getByRole('button', { name: 'Record' }).click();
  await expect(form.getByRole('alert')).toContainText('Microphone access was refused');

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-shoutout-'));
  const mp3 = path.join(dir, 'hello.mp3');
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=300:duration=3', '-c:a', 'libmp3lame', '-b:a', '64k', mp3]);
  await form.getByLabel('Or pick an audio file').setInputFiles(mp3);
  const name = `File Test ${Date.now() % 100000}`;
  await form.getByLabel('Your name (optional)').fill(name);
  await form.getByLabel('I agree that my shoutout may be played on air.').check();
  await form.getByRole('button', { name: 'Send Shoutout' }).click();
  await expect(page.getByText('Your shoutout was sent for review.')).toBeVisible({ timeout: 15_000 });
  expect((await pending(request)).filter((s) => s.nameOptional === name)).toHaveLength(1);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('recorded offline, the shoutout waits on the phone and is delivered exactly once when back online', async ({ page, context, request }) => {
  await page.goto('/');
  const form = await recordTwoSeconds(page);
  const name = `Offline Test ${Date.now() % 100000}`;
  await form.getByLabel('Your name (optional)').fill(name);
  await form.getByLabel('I agree that my shoutout may be played on air.').check();

  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.startsWith('/api/shoutouts')) posts.push(r.url());
  });
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
  await form.getByRole('button', { name: 'Send Shoutout' }).click();
  await expect(page.getByText(/Your shoutout is saved on this phone/)).toBeVisible();
  expect(posts).toEqual([]);
  expect((await pending(request)).filter((s) => s.nameOptional === name)).toHaveLength(0);

  await context.setOffline(false);
  await expect(page.getByText('Your shoutout was sent for review.').first()).toBeVisible({ timeout: 20_000 });
  await expect.poll(async () => (await pending(request)).filter((s) => s.nameOptional === name).length).toBe(1);
  expect(posts).toHaveLength(1);
});

test('no shoutout form when the station turns shoutouts off', async ({ page, request }) => {
  const restore = await changeSettings(request, { enableShoutouts: false });
  try {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Recently Played' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Send a Voice Shoutout' })).toHaveCount(0);
  } finally {
    await restore();
  }
});
