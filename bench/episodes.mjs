// The Listen Again figures (issue 31, docs/renditions.md): a 30-minute episode's low-data
// rendition, what a download cut twice costs, and what starting a saved episode moves. Runs the
// compiled server (npm run build first) and the app in the machine's Chromium with the real
// service worker, through a TCP proxy on 127.0.0.1 that counts and cuts (bench/lib).
// Standalone: node bench/episodes.mjs   (or from bench/run.mjs: episodesBench({ row, notes }))
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cuttingProxy } from './lib/cutting-proxy.mjs';
import { BENCH_ADMIN_KEY, bounded, startCompiledServer } from './lib/compiled-server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MINUTES = 30;
const LOW_DATA_GOAL_BYTES = 7.2e6;
const admin = { 'x-admin-key': BENCH_ADMIN_KEY };

/** 30 minutes of a voice-like signal (a wobbling tone over pink noise), 64 kbps mono MP3. */
async function speechMp3(dir) {
  const { default: ffmpeg } = await import('@ffmpeg-installer/ffmpeg');
  const file = path.join(dir, 'episode.mp3');
  const d = MINUTES * 60;
  execFileSync(ffmpeg.path, [
    '-hide_banner', '-loglevel', 'error',
    '-f', 'lavfi', '-i', `sine=frequency=180:duration=${d}`,
    '-f', 'lavfi', '-i', `anoisesrc=d=${d}:c=pink:a=0.08`,
    '-filter_complex', '[0:a]vibrato=f=5:d=0.6,tremolo=f=3:d=0.7[v];[v][1:a]amix=inputs=2:duration=shortest',
    '-ac', '1', '-c:a', 'libmp3lame', '-b:a', '64k', file,
  ]);
  return file;
}

async function uploadEpisode(base, file) {
  const { Upload } = await import('tus-js-client');
  const data = fs.readFileSync(file);
  let token = null;
  const url = await new Promise((resolve, reject) => {
    new Upload(data, {
      // docs/uploads.md "Ownership": the creation's Upload-Token goes with every later request.
      onBeforeRequest: (req) => {
        if (req.getMethod() !== 'POST' && token) req.setHeader('Upload-Token', token);
      },
      onAfterResponse: (req, res) => {
        if (req.getMethod() === 'POST') token = res.getHeader('Upload-Token') ?? token;
      },
      endpoint: `${base}/api/uploads/resumable`,
      headers: admin,
      metadata: { filename: 'episode.mp3', filetype: 'audio/mpeg', purpose: 'episode' },
      chunkSize: 4 * 1024 * 1024,
      onSuccess: (p) => resolve(p.lastResponse.getHeader('Upload-Url')),
      onError: reject,
    }).start();
  });
  return url;
}

export async function episodesBench({ row, notes }) {
  const server = await startCompiledServer({ root: ROOT, tmpPrefix: 'bench-episodes-', database: 'episodes.sqlite3', env: { DEMO_DATA: 'off' }, what: 'episodes server' });
  server.child.stdout.resume();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-episode-audio-'));
  let proxy = null;
  let browser = null;
  try {
    const file = await speechMp3(work);
    const audioUrl = await uploadEpisode(server.url, file);
    const created = await fetch(`${server.url}/api/episodes`, { method: 'POST', headers: { ...admin, 'Content-Type': 'application/json' }, body: JSON.stringify({ title: 'Bench sermon', audioUrl, status: 'published' }) });
    if (created.status !== 201) throw new Error(`POST /api/episodes answered ${created.status}: ${await created.text()}`);
    const episode = await created.json();
    const started = Date.now();
    let low = episode;
    await bounded(
      (async () => {
        while (!low.lowDataBytes) {
          await new Promise((r) => setTimeout(r, 1000));
          low = await (await fetch(`${server.url}/api/episodes/${episode.id}`)).json();
        }
      })(),
      600_000,
      'the 30-minute rendition',
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    const kbps = (low.lowDataBytes * 8) / low.durationSeconds / 1000;
    row(
      `Episodes: a ${MINUTES}-minute episode's low-data rendition`,
      '≤ 7.2 MB (≤ 32 kbps)',
      `${(low.lowDataBytes / 1e6).toFixed(2)} MB (${kbps.toFixed(1)} kbps average, Opus in MP4; from a ${(episode.bytes / 1e6).toFixed(1)} MB 64 kbps MP3; made in ${seconds} s)`,
      low.lowDataBytes <= LOW_DATA_GOAL_BYTES,
    );

    // The app saves it in Low Data Mode through a proxy that cuts the download at 1/3 and 2/3.
    const third = Math.floor(low.lowDataBytes / 3);
    proxy = await cuttingProxy(new URL(server.url), { cuts: [], downloadCuts: [third, third] });
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: JSON.parse(fs.readFileSync(path.join(ROOT, 'e2e', 'chromium-args.json'), 'utf8')) });
    const context = await browser.newContext({ serviceWorkers: 'allow', viewport: { width: 375, height: 740 } });
    await context.addInitScript(() => localStorage.setItem('lowDataMode', 'true'));
    const page = await context.newPage();
    await page.goto(`${proxy.url}/episodes`);
    // Not waitForFunction: it takes an async predicate's promise itself for a truthy answer.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    });
    await page.reload();
    const before = proxy.uploadsDelivered();
    await page.getByRole('button', { name: /^Save for offline/ }).first().click();
    await page.locator('.saved-badge').first().waitFor({ timeout: 300_000 });
    const moved = proxy.uploadsDelivered() - before;
    const ratio = moved / low.lowDataBytes;
    row(
      'Episodes: saving one for offline with the connection cut twice (at 1/3 and 2/3)',
      '≤ 1.1 × its size',
      `${ratio.toFixed(3)} × (${(moved / 1e6).toFixed(2)} MB for a ${(low.lowDataBytes / 1e6).toFixed(2)} MB file, ${proxy.downloadCuts()} cuts, resumed with Range)`,
      ratio <= 1.1 && proxy.downloadCuts() === 2,
    );

    // Starting the saved episode: with the link up, nothing of the file comes from the network
    // (the worker answers from the saved copy); with the link down it plays all the same.
    const atStart = proxy.uploadsDelivered();
    await page.getByRole('region', { name: 'Saved for offline' }).getByRole('button', { name: /^Play: / }).click();
    const bar = page.getByRole('region', { name: 'Now playing' });
    const playing = () => page.waitForFunction(() => document.querySelector('.np-bar')?.getAttribute('data-status') === 'playing', null, { timeout: 30_000 });
    await playing();
    await page.waitForTimeout(5000);
    const online = proxy.uploadsDelivered() - atStart;
    proxy.down();
    await context.setOffline(true);
    await page.goto(`${proxy.url}/episodes`);
    const offlineStart = proxy.delivered();
    await page.getByRole('region', { name: 'Saved for offline' }).getByRole('button', { name: /^Play: / }).click();
    await playing();
    const p0 = await bar.getByTestId('np-position').textContent();
    await page.waitForTimeout(4000);
    const p1 = await bar.getByTestId('np-position').textContent();
    const advanced = p0 !== p1;
    row(
      'Episodes: bytes from the network to start a saved episode',
      '0',
      `${online} B of the file with the link up (5 s played); ${proxy.delivered() - offlineStart} B with the link down, where it ${advanced ? `played (${p0} → ${p1})` : 'did NOT play'}`,
      online === 0 && advanced,
    );
    notes?.push(
      'Episodes figures (bench/episodes.mjs): the compiled server makes the rendition of a 30-minute 64 kbps MP3 on its job queue; the app in Chromium with the real service worker saves it in Low Data Mode through a TCP proxy that counts the bytes of /uploads/ responses (headers included) and cuts the download when it reaches 1/3 and again 2/3 of the file; then it starts the saved episode.',
    );
  } finally {
    await browser?.close().catch(() => {});
    await proxy?.close().catch(() => {});
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = [];
  await episodesBench({ row: (...r) => rows.push(r), notes: [] });
  for (const [what, goal, result, pass] of rows) console.log(`${pass === false ? 'FAIL' : 'pass'} | ${what} | goal ${goal} | ${result}`);
}
