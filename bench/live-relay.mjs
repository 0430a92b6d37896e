// The live relay's figures (issue 34, docs/live-relay.md), with a real station (icecast2 fed by
// ffmpeg, bench/lib/live-station.mjs) and the compiled server relaying it:
// - an hour on the lowest rung, from the segments' sizes and durations (budget ≤ 15 MB), and
//   the playlists' delta reloads beside it;
// - the relay's CPU for one tenant over a minute: its ffmpeg (from /proc) and the server
//   process around it (goal ≤ 5 % of one core);
// - a 60 s outage picked up: how far after the last second heard before the cut the pick-up
//   resumes, read from the tone in headless Chromium (budget ≤ 5 s).
// Run alone with `node bench/live-relay.mjs` (after npm run build); npm run bench runs it as its
// `live-relay` step.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_ADMIN_KEY, bounded, startCompiledServer } from './lib/compiled-server.mjs';
import { cpuSeconds, ffmpegChildren } from './lib/processes.mjs';
import { heardSecond, listenToPage, secondsAfter, startLiveStation } from './lib/live-station.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', ...JSON.parse(fs.readFileSync(path.join(ROOT, 'e2e', 'chromium-args.json'), 'utf8'))];
const LOW_DATA_HOUR_BUDGET_MB = 15;
const CPU_GOAL_PERCENT = 5;
const PICK_UP_BUDGET_S = 5;
const CPU_WINDOW_MS = Number(process.env.LIVE_RELAY_CPU_SECONDS || 60) * 1000;
const OUTAGE_MS = 60_000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function until(what, fn, ms) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(500);
  }
}

/** The bytes of an answer as they cross the wire (gzip asked for; node:http does not decode). */
function wireBytes(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        let n = 0;
        res.on('data', (d) => (n += d.length));
        res.on('end', () => resolve(n));
      })
      .on('error', reject);
  });
}

/** The relay's CPU over a window, in % of one core: its ffmpeg child's and the server process's own. */
async function relayCpu(serverPid, ms) {
  const [ffmpegPid] = ffmpegChildren(serverPid);
  if (!ffmpegPid) throw new Error('no ffmpeg child of the server');
  const t0 = performance.now();
  const f0 = cpuSeconds(ffmpegPid);
  const s0 = cpuSeconds(serverPid);
  await sleep(ms);
  const seconds = (performance.now() - t0) / 1000;
  const f1 = cpuSeconds(ffmpegPid);
  const s1 = cpuSeconds(serverPid);
  if (f0 === null || f1 === null || s0 === null || s1 === null) throw new Error('the relay restarted during the CPU window');
  return { ffmpeg: ((f1 - f0) / seconds) * 100, server: ((s1 - s0) / seconds) * 100, seconds };
}

/** Segment names and durations of a rendition's playlist. */
function parsePlaylist(text) {
  const out = [];
  let duration = null;
  for (const line of text.split('\n')) {
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
    else if (line && !line.startsWith('#') && duration !== null) {
      out.push({ name: line, duration });
      duration = null;
    }
  }
  return out;
}

export async function liveRelayBench({ row, notes }) {
  // A station's programme (the tone over a noise bed: speech and music are not pure sines), and
  // beside it the pure tone, the AAC encoder's worst case (docs/live-relay.md, "CPU").
  const station = await startLiveStation(128, 2, { bed: true });
  const server = await startCompiledServer({ root: ROOT, tmpPrefix: 'radio-bench-live-', database: 'live.sqlite3', env: { DEMO_DATA: 'on' }, what: 'live relay server' });
  server.child.stdout.resume();
  const headers = { 'x-admin-key': BENCH_ADMIN_KEY, 'content-type': 'application/json' };
  try {
    const current = await (await fetch(`${server.url}/api/settings`, { headers })).json();
    delete current.tenant;
    const put = await fetch(`${server.url}/api/settings`, { method: 'PUT', headers, body: JSON.stringify({ ...current, streamUrl: station.url, liveRelay: true }) });
    if (put.status !== 200) throw new Error(`PUT /api/settings answered ${put.status}: ${await put.text()}`);
    await until('the relay to publish', async () => {
      const res = await fetch(`${server.url}/live/low.m3u8`);
      return res.ok && parsePlaylist(await res.text()).length >= 2;
    }, 60_000);

    // CPU over a minute: ffmpeg (the encoding) and the server (fetching, publishing, serving nothing else).
    const cpu = await relayCpu(server.child.pid, CPU_WINDOW_MS);
    row(
      'Live relay: CPU per tenant (ffmpeg + the server process, one core)',
      `≤ ${CPU_GOAL_PERCENT} % (goal)`,
      `${(cpu.ffmpeg + cpu.server).toFixed(1)} % (ffmpeg ${cpu.ffmpeg.toFixed(1)} %, server ${cpu.server.toFixed(1)} %) over ${Math.round(cpu.seconds)} s; a 128 kbps stereo MP3 programme in (tone over a noise bed), three AAC renditions out; load average ${os.loadavg()[0].toFixed(2)}`,
      cpu.ffmpeg + cpu.server <= CPU_GOAL_PERCENT,
    );

    // An hour on the lowest rung, from what the segments weigh.
    const playlist = await (await fetch(`${server.url}/live/low.m3u8`)).text();
    const segments = parsePlaylist(playlist);
    let bytes = 0;
    let seconds = 0;
    for (const s of segments) {
      const res = await fetch(`${server.url}/live/${s.name}`, { method: 'HEAD' });
      bytes += Number(res.headers.get('content-length') ?? 0);
      seconds += s.duration;
    }
    const hourMb = (bytes / seconds) * 3600 / 1e6;
    // A player reloads the playlist once a segment (4 s): deltas, gzipped on the wire.
    const deltaBytes = await wireBytes(`${server.url}/live/low.m3u8?_HLS_skip=YES`);
    const fullBytes = await wireBytes(`${server.url}/live/low.m3u8`);
    const reloadsMb = ((3600 / 4) * deltaBytes) / 1e6;
    row(
      'Live relay: an hour on the lowest rung (segments)',
      `≤ ${LOW_DATA_HOUR_BUDGET_MB} MB`,
      `${hourMb.toFixed(1)} MB (${segments.length} segments, ${Math.round(seconds)} s, ${(bytes / seconds * 8 / 1000).toFixed(1)} kbps on the wire); playlist reloads beside it about ${reloadsMb.toFixed(2)} MB (a delta update ${deltaBytes} B on the wire; the whole playlist, ${Math.round(seconds)} s of it, ${fullBytes} B)`,
      hourMb <= LOW_DATA_HOUR_BUDGET_MB,
    );

    // A 60 s outage, picked up.
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: CHROME, args: [...CHROME_FLAGS, '--autoplay-policy=no-user-gesture-required'], timeout: 30_000 });
    try {
      const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 375, height: 740 } });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      await page.addInitScript(listenToPage);
      await page.goto(`${server.url}/`);
      const bar = page.getByRole('region', { name: 'Now playing' });
      await bar.getByRole('button', { name: 'Play', exact: true }).click();
      await until('the ladder to be heard', async () => {
        const expanded = await bar.getByRole('button', { name: 'Expand player' }).count();
        if (expanded) await bar.getByRole('button', { name: 'Expand player' }).click();
        return (await bar.getByRole('button', { name: 'Back 30 s' }).count()) > 0 && (await heardSecond(page)) !== null;
      }, 45_000);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      let lastHeard = null;
      const cutAt = Date.now();
      while (Date.now() - cutAt < OUTAGE_MS) {
        const second = await heardSecond(page);
        if (second !== null) lastHeard = second;
        await page.waitForTimeout(250);
      }
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      const pickUp = bar.getByRole('button', { name: 'Pick up where you left off' });
      await pickUp.waitFor({ state: 'visible', timeout: 30_000 });
      await pickUp.click();
      const resumed = await until('sound after the pick-up', () => heardSecond(page), 15_000);
      const gap = secondsAfter(lastHeard, resumed);
      row('Live relay: 60 s outage, picked up', `≤ ${PICK_UP_BUDGET_S} s after the drop point`, `${gap} s after it (last second heard ${lastHeard}, resumed at ${resumed}, by the tone)`, gap <= PICK_UP_BUDGET_S);
    } finally {
      await browser.close();
    }

    // The worst case beside it: a pure sine, on which the AAC encoder's quantiser works hardest.
    const toneStation = await startLiveStation(128, 2);
    try {
      const before = ffmpegChildren(server.child.pid)[0];
      const put = await fetch(`${server.url}/api/settings`, { method: 'PUT', headers, body: JSON.stringify({ ...current, streamUrl: toneStation.url, liveRelay: true }) });
      if (put.status !== 200) throw new Error(`PUT /api/settings answered ${put.status}`);
      await until('the relay to follow the new stream', () => {
        const now = ffmpegChildren(server.child.pid)[0];
        return now !== undefined && now !== before;
      }, 60_000);
      await sleep(8_000);
      const tone = await relayCpu(server.child.pid, Math.min(CPU_WINDOW_MS, 30_000));
      row(
        'Live relay: CPU per tenant, a pure tone in (the encoder\'s worst case)',
        '(reported)',
        `${(tone.ffmpeg + tone.server).toFixed(1)} % (ffmpeg ${tone.ffmpeg.toFixed(1)} %, server ${tone.server.toFixed(1)} %) over ${Math.round(tone.seconds)} s`,
        null,
      );
    } finally {
      await toneStation.stop();
    }
    notes.push(`Live relay: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}; the station is icecast2 with a 128 kbps stereo MP3 (a tone over a pink-noise bed) from ffmpeg on the same machine; the relay's ladder is docs/live-relay.md's.`);
  } finally {
    await server.stop();
    await station.stop();
  }
}

// Alone: node bench/live-relay.mjs prints its rows.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows = [];
  const notes = [];
  await bounded(
    liveRelayBench({
      row: (figure, budget, measured, pass) => {
        rows.push(figure);
        console.log(`  ${pass === null ? '·' : pass ? '✓' : '✗'} ${figure}: ${measured} (budget ${budget})`);
      },
      notes,
    }),
    600_000,
    'live relay bench',
  );
  for (const n of notes) console.log(`  note: ${n}`);
  process.exit(0);
}
