import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import type { Page } from '@playwright/test';
import { cuttingProxy, type CuttingProxy } from '../bench/lib/cutting-proxy.mjs';
import { ADMIN_KEY, expect, test as base, unique, setLowDataMode, workerInControl } from './fixtures';

// Listen Again end to end (issue 31 "Done when"), with the real service worker (the 'pwa'
// project: the file name ends in offline.spec.ts) and the real server. The page is opened
// through a proxy the test controls: it cuts the download once mid-way, and later takes the
// whole link down, so "offline" means no connection reaches the server at all.
const test = base.extend<{ link: CuttingProxy }>({
  link: async ({ baseURL }, use) => {
    const proxy = await cuttingProxy(new URL(baseURL!), { cuts: [] });
    await use(proxy);
    await proxy.close();
  },
});

/** 90 s of a voice-like signal, 64 kbps mono MP3 (about 720 KB), made with the server's ffmpeg. */
function sermonMp3(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-episode-'));
  const file = path.join(dir, 'sermon.mp3');
  execFileSync(ffmpegInstaller.path, [
    '-hide_banner', '-loglevel', 'error',
    '-f', 'lavfi', '-i', 'sine=frequency=220:duration=90',
    '-f', 'lavfi', '-i', 'anoisesrc=d=90:c=pink:a=0.05',
    '-filter_complex', '[0:a]vibrato=f=4:d=0.5[v];[v][1:a]amix=inputs=2:duration=shortest',
    '-ac', '1', '-c:a', 'libmp3lame', '-b:a', '64k', file,
  ]);
  return file;
}

const seconds = (clock: string) => {
  const [m, s] = clock.split(':').map(Number);
  return (m ?? 0) * 60 + (s ?? 0);
};

test('an admin publishes an episode; a visitor plays it, resumes at 0:40 on the next visit, saves it through a cut, and plays it offline', async ({ page, context, link, request }) => {
  test.setTimeout(150_000);
  const title = unique('Sunday Sermon');
  const file = sermonMp3();
  const at = (p: string) => link.url + p;

  // An admin uploads the episode through the resumable upload and publishes it.
  await page.goto(at('/admin/episodes'));
  await page.getByLabel('Admin key').fill(ADMIN_KEY);
  await page.getByRole('button', { name: 'Access Episodes' }).click();
  await expect(page.getByRole('heading', { name: 'Episodes', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Upload Episode' }).click();
  await page.getByLabel('Audio file').setInputFiles(file);
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Upload Episode' }).click();
  const row = page.getByTestId('admin-episode').filter({ hasText: title });
  await expect(row).toContainText('Draft', { timeout: 30_000 });
  await expect(row).toContainText('1:30');
  await row.getByRole('button', { name: `Publish: ${title}` }).click();
  await expect(row).toContainText('Published');
  // The server makes the low-data rendition in the background (a second or two for 90 s).
  const lowBytes = await expect
    .poll(
      async () => {
        const list = (await (await request.get('/api/episodes')).json()) as { title: string; lowDataBytes: number | null }[];
        return list.find((e) => e.title === title)?.lowDataBytes ?? 0;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0)
    .then(async () => ((await (await request.get('/api/episodes')).json()) as { title: string; lowDataBytes: number }[]).find((e) => e.title === title)!.lowDataBytes);

  // A visitor finds it on Listen Again and plays it.
  await page.goto(at('/episodes'));
  await workerInControl(page);
  await expect(page.getByRole('heading', { name: 'Listen Again', level: 1 })).toBeVisible();
  const episode = page.getByTestId('episode').filter({ hasText: title }).first();
  await expect(episode).toContainText('1:30');
  await episode.getByRole('button', { name: `Play: ${title}` }).click();
  const bar = page.getByRole('region', { name: 'Now playing' });
  await expect(bar).toHaveAttribute('data-status', 'playing', { timeout: 15_000 });
  await expect(bar.getByTestId('np-title')).toHaveText(title);
  await expect(bar.getByTestId('np-position')).not.toHaveText('0:00', { timeout: 10_000 });
  // 30 s forward, then the slider to 0:40, and the listener leaves.
  await bar.getByRole('button', { name: 'Forward 30 seconds' }).click();
  await expect.poll(async () => seconds((await bar.getByTestId('np-position').textContent()) ?? '0:00')).toBeGreaterThanOrEqual(30);
  await bar.getByRole('slider', { name: 'Seek' }).fill('40');
  await expect(bar.getByTestId('np-position')).toHaveText(/^0:4[0-1]$/);
  await bar.getByRole('button', { name: 'Pause' }).click();

  // The next visit: it starts again where it was left.
  await page.goto(at('/'));
  await page.goto(at('/episodes'));
  await page.getByTestId('episode').filter({ hasText: title }).first().getByRole('button', { name: `Play: ${title}` }).click();
  await expect(bar).toHaveAttribute('data-status', 'playing', { timeout: 15_000 });
  await expect.poll(async () => seconds((await bar.getByTestId('np-position').textContent()) ?? '0:00')).toBeGreaterThanOrEqual(40);
  await bar.getByRole('button', { name: 'Pause' }).click();

  // In Low Data Mode it saves the low-data rendition (a file this browser has not fetched yet),
  // with the connection cut once mid-download: it resumes and finishes.
  await page.goto(at('/'));
  await setLowDataMode(page, true);
  await page.goto(at('/episodes'));
  link.armDownloadCut(Math.floor(lowBytes / 2));
  const save = page.getByTestId('episode').filter({ hasText: title }).first().getByRole('button', { name: `Save for offline (${Math.round(lowBytes / 1000)} KB): ${title}` });
  await save.click();
  await expect(page.getByTestId('episode').filter({ hasText: title }).first()).toContainText('Saved for offline', { timeout: 30_000 });
  expect(link.downloadCuts()).toBe(1);
  const saved = page.getByRole('region', { name: 'Saved for offline' });
  await expect(saved.getByTestId('episode').filter({ hasText: title })).toBeVisible();
  await expect(saved.getByTestId('space-used')).toContainText('Space used:');

  // The server unreachable: /episodes itself opens, and the saved episode plays and advances.
  link.down();
  await context.setOffline(true);
  await page.goto(at('/episodes'));
  await expect(page.getByRole('heading', { name: 'Listen Again', level: 1 })).toBeVisible();
  const offlineRow = page.getByRole('region', { name: 'Saved for offline' }).getByTestId('episode').filter({ hasText: title });
  await offlineRow.getByRole('button', { name: `Play: ${title}` }).click();
  await expect(bar).toHaveAttribute('data-status', 'playing', { timeout: 15_000 });
  const first = seconds((await bar.getByTestId('np-position').textContent()) ?? '0:00');
  await expect.poll(async () => seconds((await bar.getByTestId('np-position').textContent()) ?? '0:00'), { timeout: 10_000 }).toBeGreaterThan(first + 1);
  await context.setOffline(false);
  link.up();
});
