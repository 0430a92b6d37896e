// `npm run bench`: builds, starts the compiled server on 127.0.0.1 with a fresh demo database,
// measures each budget of issue 7, prints one table and writes it to bench/RESULTS.md.
// Every load is bounded in time and targets only 127.0.0.1. Benchmarks are not tests: only the
// deterministic size budget is also checked by `npm test` (scripts/check-size-budget.mjs).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIRST_VISIT_BUDGET_BYTES, firstVisitBytes, kb, measureRoutes } from './first-visit-size.mjs';
import { audienceBench, audienceRow } from './audience.mjs';
import { chatBench, chatNote, chatRows } from './chat.mjs';
import { moderationBench, moderationRows } from './moderation.mjs';
import { listenersBench } from './listeners.mjs';
import { listenersReport, listenersSection, previousListenersSection } from './lib/listeners-report.mjs';
import { buildFloor, calibrate, calibratedLighthouse, serveFloor } from './lighthouse.mjs';
import { timeToFirstSound } from './first-sound.mjs';
import { repeatAndLaterPlays } from './later-plays.mjs';
import { byKind, FIRST_VISIT_WIRE_BUDGET, firstVisitOnTheWire, SETTLED_VISIT_WIRE_BUDGET } from './wire.mjs';
import { uploadsBench } from './uploads.mjs';
import { episodesBench } from './episodes.mjs';
import { liveRelayBench } from './live-relay.mjs';
import { bounded, startCompiledServer } from './lib/compiled-server.mjs';
import { listening } from './listening.mjs';
import { repeatVisit } from './repeat-visit.mjs';
import { AUTOCANNON_SECONDS, THROUGHPUT_ROUNDS, throughput } from './throughput.mjs';
import { images } from './images.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
// The same flags as the end-to-end tests (e2e/chromium-args.json), headless for Lighthouse.
const CHROME_FLAGS = ['--headless=new', ...JSON.parse(fs.readFileSync(path.join(ROOT, 'e2e', 'chromium-args.json'), 'utf8'))];
const SKIP = new Set((process.env.BENCH_SKIP || '').split(',').filter(Boolean));

const rows = [];
const notes = [];
const row = (figure, budget, measured, pass) => {
  rows.push({ figure, budget, measured, pass: pass === null ? 'n/a' : pass ? 'pass' : 'FAIL' });
  console.log(`  ${pass === null ? '·' : pass ? '✓' : '✗'} ${figure}: ${measured} (budget ${budget})`);
};

async function startServer() {
  const server = await startCompiledServer({ root: ROOT, tmpPrefix: 'radio-bench-', database: 'bench.sqlite3', env: { DEMO_DATA: 'on' }, what: 'server' });
  const child = server.child;
  // The request log goes to stdout (one JSON line per request): kept, so a measurement can see
  // what actually reached the server, and drained so the pipe never blocks it.
  const log = [];
  let partial = '';
  child.stdout.on('data', (d) => {
    const lines = (partial + d).split('\n');
    partial = lines.pop();
    for (const line of lines) {
      try {
        log.push(JSON.parse(line));
      } catch {
        /* not a request line */
      }
    }
  });
  return { url: server.url, dir: server.dir, log, stop: server.stop };
}

// ------------------------------------------------------------------ a. first visit size

function firstVisit() {
  const result = measureRoutes(process.env.APP_DIR ? path.resolve(ROOT, process.env.APP_DIR) : path.join(ROOT, 'dist', 'app'));
  const { bytes, home } = firstVisitBytes(result);
  row('First visit to / (HTML+CSS+JS, brotli)', `≤ ${kb(FIRST_VISIT_BUDGET_BYTES)}`, `${kb(bytes)} (gzip for older clients ${kb(home.gzip)}; ${home.files.length} files)`, bytes <= FIRST_VISIT_BUDGET_BYTES);
  return result;
}

// ------------------------------------------------------------------ a2. first visit at the wire

async function firstVisitWire(base) {
  const r = await firstVisitOnTheWire({ base, chrome: CHROME, chromeFlags: CHROME_FLAGS });
  const kinds = Object.entries(byKind(r.firstParts.filter((p) => p.beforeLoad)))
    .map(([kind, bytes]) => `${kind} ${kb(bytes)}`)
    .join(', ');
  row('First visit to / at the wire (Chromium until load, every byte the server sent)', `≤ ${kb(FIRST_VISIT_WIRE_BUDGET)}`, `${kb(r.firstVisit)} (${kinds})`, r.firstVisit <= FIRST_VISIT_WIRE_BUDGET);
  const worker = r.settledParts.filter((p) => p.sw).reduce((n, p) => n + p.bytes, 0);
  row('Settled first visit at the wire (the service worker installed, its precache done)', `≤ ${kb(SETTLED_VISIT_WIRE_BUDGET)}`, `${kb(r.settledVisit)} (the worker's own fetches ${kb(worker)})`, r.settledVisit <= SETTLED_VISIT_WIRE_BUDGET);
  notes.push(
    `First visit at the wire (bench/wire.mjs): a byte-counting TCP proxy in front of the server, a fresh Chromium profile at 375×740 loading / through it; status lines, headers and bodies as sent (brotli). ` +
      `Before load: ${r.firstParts
        .filter((p) => p.beforeLoad)
        .map((p) => `${p.path} ${p.bytes} B`)
        .join(', ')}.`,
  );
}

// ------------------------------------------------------------------ main

async function step(name, fn, ms = 600_000) {
  if (SKIP.has(name)) {
    console.log(`(skipping ${name})`);
    return;
  }
  console.log(`\n${name}…`);
  try {
    await bounded(Promise.resolve().then(fn), ms, name);
  } catch (e) {
    row(name, '—', `error: ${e.message}`, false);
  }
}

function table() {
  const head = ['Figure', 'Budget', 'Measured', 'Result'];
  const lines = [head, ['---', '---', '---', '---'], ...rows.map((r) => [r.figure, r.budget, r.measured, r.pass])];
  return lines.map((l) => `| ${l.map((c) => String(c).replace(/\|/g, '\\|')).join(' | ')} |`).join('\n');
}

const started = new Date();
console.log('Building (npm run build)…');
if (!process.env.BENCH_NO_BUILD) execSync('npm run build', { cwd: ROOT, stdio: 'inherit', timeout: 300_000 });

let sizes;
await step('first-visit', async () => {
  sizes = firstVisit();
});
const server = await startServer();
console.log(`Server on ${server.url} (fresh SQLite in ${server.dir}, DEMO_DATA=on)`);
try {
  await step('listening', () => listening(server.url, { row, notes }));
  await step('repeat-visit', () => repeatVisit(server.url, server.log, { chrome: CHROME, chromeFlags: CHROME_FLAGS, row, notes }));
  await step('images', () => images(server.url, { row }));
  // Calibrated to the host, beside the floor app (bench/lighthouse.mjs, issue 15).
  let calibrated = null;
  await step('lighthouse', async () => {
    calibrated = await calibratedLighthouse({ root: ROOT, base: server.url, chrome: CHROME, chromeFlags: CHROME_FLAGS, row, notes });
  }, 3_600_000);
  await step('first-visit-wire', () => firstVisitWire(server.url));
  // Issue 29: the phone of the Lighthouse step, for real, with the floor app's first paint for scale.
  await step('first-sound', async () => {
    calibrated ??= await calibrate({ url: server.url + '/', chrome: CHROME, chromeFlags: CHROME_FLAGS });
    console.log(`  CPU slowdown ${calibrated.multiplier}× (${calibrated.calibration})`);
    const built = await buildFloor(ROOT);
    const floor = await serveFloor(ROOT, built);
    try {
      await timeToFirstSound({ base: server.url, floorUrl: floor.url + '/', chrome: CHROME, chromeFlags: CHROME_FLAGS, ...calibrated, row, notes, runs: Number(process.env.BENCH_FIRST_SOUND_RUNS || 5) });
    } finally {
      await floor.stop();
    }
  }, 1_200_000);
  // Issue 43: a repeat visit's first sound and every later play of the stream, on the same phone.
  await step('later-plays', async () => {
    calibrated ??= await calibrate({ url: server.url + '/', chrome: CHROME, chromeFlags: CHROME_FLAGS });
    await repeatAndLaterPlays({ base: server.url, chrome: CHROME, chromeFlags: CHROME_FLAGS, ...calibrated, row, notes, runs: Number(process.env.BENCH_LATER_PLAYS_RUNS || 5) });
  }, 1_200_000);
  // Issue 43 (bench/moderation.mjs, its own server with 200 + 200 + 200 pending): the same phone, as a moderator.
  await step('moderation', async () => {
    const r = await moderationBench({ chrome: CHROME, chromeFlags: CHROME_FLAGS, calibrated });
    for (const x of moderationRows(r)) row(...x);
    notes.push(
      `Moderating from a phone (bench/moderation.mjs): CPU ×${r.multiplier} (${r.calibration}), 150 ms / 1.6 Mbit/s, 412×823 with touch, a fresh browser each visit; ` +
        "a moderator signed in with a passkey session (inserted as a sign-in leaves it); each tap's time is its pointerdown as the page saw it, 'painted' the frame after the change shows, INP the interaction's Event Timing duration (durationThreshold 16).",
    );
  }, 900_000);
  await step('throughput', () => throughput(server.url, { row }));
  await step('uploads', () => uploadsBench(server.url, { row, notes }));
} finally {
  await server.stop();
}
// Issue 17, with servers of its own once the shared one is gone (bench/listeners.mjs).
let listenersMd = null;
await step('listeners', async () => {
  const report = listenersReport(await listenersBench());
  for (const r of report.rows) row(...r);
  listenersMd = listenersSection(report.table);
}, 1_200_000);
// Issue 31 (bench/episodes.mjs, its own server): the rendition, a download cut twice, a saved start.
await step('episodes', () => episodesBench({ row, notes }), 1_200_000);
// Issue 34, with a station and a server of its own (bench/live-relay.mjs).
await step('live-relay', () => liveRelayBench({ row, notes }));
// Issue 45 (bench/audience.mjs, its own server): 10,000 listeners' heartbeats for a minute.
await step('audience', async () => {
  const r = await audienceBench();
  row(...audienceRow(r));
  notes.push(`Audience: ${r.listeners} sessions, one heartbeat each over ${(r.elapsedMs / 1000).toFixed(0)} s: ${r.cpuSeconds.toFixed(1)} s of server CPU; ${r.refused} refused.`);
}, 600_000);

// Issue 44 (bench/chat.mjs, its own server): 5,000 chat listeners, a quiet minute, then 10 messages a minute.
await step('chat', async () => { const r = await chatBench(); for (const x of chatRows(r)) row(...x); notes.push(chatNote(r)); }, 900_000);

const cpus = os.cpus();
const machine = `${os.type()} ${os.release()} (${os.platform()}/${os.arch()}), ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB RAM, Node ${process.version}`;
const routeTable = sizes
  ? ['| Route | brotli | gzip | files |', '| --- | --- | --- | --- |', ...sizes.routes.map((r) => `| \`${r.route}\` | ${kb(r.br)} | ${kb(r.gzip)} | ${r.files.length} |`)].join('\n')
  : '(not measured)';
const failed = rows.filter((r) => r.pass === 'FAIL').length;
const md = `# Benchmark results (issue 7)

Run with \`npm run bench\` on ${started.toISOString()}.
Machine: ${machine}.
Server: the compiled server (\`node dist/server/index.js\`) on 127.0.0.1, fresh SQLite database with the demo data.

${table()}

${failed ? `**${failed} figure(s) over budget.**` : '**Every budget met.**'}

## Compressed size of each route on a first visit

Shell (index.html, its module script, modulepreloads, stylesheets) plus the route's own chunk with
its static imports and CSS; compressed as the server sends them: the \`.br\` (quality 11) and
\`.gz\` (level 9) files the build writes beside each text file over 1 KB
(scripts/precompress.mjs). The \`/\` budget applies to brotli: every browser that can install
this PWA (service workers need HTTPS) sends \`Accept-Encoding: br\` over HTTPS.

${routeTable}

${listenersMd ?? previousListenersSection(fs.existsSync(path.join(ROOT, 'bench', 'RESULTS.md')) ? fs.readFileSync(path.join(ROOT, 'bench', 'RESULTS.md'), 'utf8') : '') ?? ''}

## Notes

${notes.map((n) => `- ${n}`).join('\n')}
- Throughput is measured against a bare \`node:http\` server (bench/bare-server.mjs) answering the
  same bytes from memory, in the same run: the ratio matters more than absolute figures on this
  shared, noisy machine. autocannon: 100 connections, ${AUTOCANNON_SECONDS} s per target, ours and
  bare in turn ${THROUGHPUT_ROUNDS} times per path; the figure is the median of the rounds' ratios.
- Lighthouse: headless Chromium at \`${CHROME}\` (settings in the Lighthouse note above).
${fs.existsSync(path.join(ROOT, 'bench', 'notes.md')) ? '\n' + fs.readFileSync(path.join(ROOT, 'bench', 'notes.md'), 'utf8') : ''}`;
console.log('\n' + table() + '\n');
console.log(failed ? `${failed} figure(s) over budget.` : 'Every budget met.');
// `npm run test:reliability` keeps its own section in this file: carried over unchanged.
const resultsFile = path.join(ROOT, 'bench', 'RESULTS.md');
const previous = fs.existsSync(resultsFile) ? fs.readFileSync(resultsFile, 'utf8') : '';
const reliability = /<!-- reliability:start -->[\s\S]*?<!-- reliability:end -->/.exec(previous)?.[0];
// So is the dated section of a `node bench/moderation.mjs` run alone (issue 43).
const moderation = /<!-- moderation:start -->[\s\S]*?<!-- moderation:end -->/.exec(previous)?.[0];
// And the dated section of `node bench/first-sound.mjs` with `node bench/later-plays.mjs` alone.
const sound = /<!-- sound:start -->[\s\S]*?<!-- sound:end -->/.exec(previous)?.[0];
const kept = [sound, moderation, reliability].filter(Boolean).join('\n\n');
if (!SKIP.size) fs.writeFileSync(resultsFile, kept ? `${md.replace(/\n*$/, '\n\n')}${kept}\n` : md);
else console.log('(some steps skipped: bench/RESULTS.md not written)');
