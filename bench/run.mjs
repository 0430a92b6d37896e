// `npm run bench`: builds, starts the compiled server on 127.0.0.1 with a fresh demo database,
// measures each budget of issue 7, prints one table and writes it to bench/RESULTS.md.
// Every load is bounded in time and targets only 127.0.0.1. Benchmarks are not tests: only the
// deterministic size budget is also checked by `npm test` (scripts/check-size-budget.mjs).
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIRST_VISIT_BUDGET_BYTES, firstVisitBytes, kb, measureRoutes } from './first-visit-size.mjs';
import { audienceBench, audienceRow } from './audience.mjs';
import { chatBench, chatNote, chatRows } from './chat.mjs';
import { listenersBench, listenersReport, listenersSection, previousListenersSection } from './listeners.mjs';
import { buildFloor, calibrate, calibratedLighthouse, serveFloor } from './lighthouse.mjs';
import { timeToFirstSound } from './first-sound.mjs';
import { byKind, FIRST_VISIT_WIRE_BUDGET, firstVisitOnTheWire, SETTLED_VISIT_WIRE_BUDGET } from './wire.mjs';
import { uploadsBench } from './uploads.mjs';
import { episodesBench } from './episodes.mjs';
import { liveRelayBench } from './live-relay.mjs';
import { BENCH_ADMIN_KEY, bounded, startCompiledServer } from './lib/compiled-server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
// The same flags as the end-to-end tests (e2e/chromium-args.json), headless for Lighthouse.
const CHROME_FLAGS = ['--headless=new', ...JSON.parse(fs.readFileSync(path.join(ROOT, 'e2e', 'chromium-args.json'), 'utf8'))];
const API_PATHS = ['/api/np', '/api/shows', '/api/artists?approved=true'];
const AUTOCANNON_SECONDS = Number(process.env.BENCH_SECONDS || 10);
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

// ------------------------------------------------------------------ d. repeat visit

async function repeatVisit(base, serverLog) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS, timeout: 30_000 });
  try {
    const context = await browser.newContext({ serviceWorkers: 'allow' });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(base + '/', { waitUntil: 'load' });
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
      }
    });
    // Let the worker finish precaching and the first page's requests settle. (Never quite
    // 'networkidle': the now-playing stream stays open by design.)
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
    await page.waitForTimeout(1500);

    const seen = [];
    const onResponse = (response) => seen.push(response);
    context.on('response', onResponse);
    const logFrom = serverLog.length;
    await page.reload({ waitUntil: 'load' });
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
    await page.waitForTimeout(2000);
    context.off('response', onResponse);
    const reached = serverLog.slice(logFrom);

    let shellBytes = 0;
    const shellFromNetwork = [];
    const api = [];
    for (const response of seen) {
      if (response.fromServiceWorker()) continue; // answered by the worker, no network
      const req = response.request();
      const u = new URL(response.url());
      if (u.origin !== base) continue;
      // The now-playing stream never ends (its sizes() would wait for ever); its bytes are
      // the Listening figure's.
      if ((response.headers()['content-type'] ?? '').startsWith('text/event-stream')) {
        api.push({ path: u.pathname + u.search, status: 'stream', bytes: 0, by: 'page' });
        continue;
      }
      const sizes = await bounded(req.sizes(), 5_000, `sizes of ${u.pathname}`).catch(() => ({ responseBodySize: 0, responseHeadersSize: 0 }));
      const bytes = sizes.responseBodySize + sizes.responseHeadersSize;
      const by = req.serviceWorker() ? 'worker' : 'page';
      if (u.pathname.startsWith('/api/')) api.push({ path: u.pathname + u.search, status: response.status(), bytes, by });
      else {
        shellBytes += bytes;
        shellFromNetwork.push(`${u.pathname} ${response.status()} ${bytes} B (${by})`);
      }
    }
    row('Repeat visit: shell bytes from the network', '0 B', `${shellBytes} B${shellFromNetwork.length ? ` (${shellFromNetwork.join('; ')})` : ''}`, shellBytes === 0);
    const count = (s) => api.filter((a) => a.status === s).length;
    const apiBytes = api.reduce((n, a) => n + a.bytes, 0);
    row('Repeat visit: API requests on the network', 'mostly 304', `${api.length} requests: ${count(304)}×304, ${count(200)}×200, ${count('stream')} now-playing stream, ${api.length - count(304) - count(200) - count('stream')} other; ${apiBytes} B`, null);
    notes.push(`Repeat visit API requests: ${api.map((a) => `${a.path} → ${a.status} ${a.bytes} B (${a.by})`).join('; ') || 'none'}`);
    // The server's own request log is the ground truth: Chromium reports a revalidated
    // answer (304 on the wire) with the cached answer's status 200.
    const apiReached = reached.filter((l) => l.path.startsWith('/api/'));
    const shellReached = reached.filter((l) => !l.path.startsWith('/api/'));
    const wire = (s) => apiReached.filter((l) => l.status === s).length;
    row(
      'Repeat visit: requests reaching the server (its log)',
      'no shell; API mostly 304',
      `${shellReached.length} non-API (${shellReached.map((l) => `${l.path} ${l.status}`).join(', ') || 'none'}); ${apiReached.length} API: ${wire(304)}×304, ${wire(200)}×200, ${apiReached.length - wire(304) - wire(200)} other`,
      null,
    );
    notes.push(`Repeat visit, server log: ${reached.map((l) => `${l.method} ${l.path} ${l.status}`).join('; ') || 'nothing'}`);
  } finally {
    await browser.close();
  }
}

// ------------------------------------------------------------------ e. listening

/** Sends a raw HTTP/1.1 request and answers the whole response as bytes (Connection: close). */
function rawRequest(base, pathName, headers) {
  const { hostname, port } = new URL(base);
  const lines = [`GET ${pathName} HTTP/1.1`, `Host: ${hostname}:${port}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), 'Connection: close', '', ''];
  return bounded(
    new Promise((resolve, reject) => {
      const chunks = [];
      const socket = net.connect(Number(port), hostname, () => socket.write(lines.join('\r\n')));
      socket.on('data', (d) => chunks.push(d));
      socket.on('end', () => resolve(Buffer.concat(chunks)));
      socket.on('error', reject);
    }),
    10_000,
    `GET ${pathName}`,
  );
}

async function listening(base) {
  // Issue 7: an hour on the radio page costs at most 15 KB of now-playing updates. The app
  // loads GET /api/np once, then holds GET /api/np/events open (changes pushed, a comment
  // heartbeat every 25 s). The bench points watzhott at a local AzuraCast-style upstream on
  // 127.0.0.1 with a full 20-song history (the largest answer), changes its song, and counts
  // the bytes each part costs on the socket. The server's own intervals apply (heartbeat 25 s,
  // upstream asked every 10 s, a new answer pushed at once), so this step takes about 30 s;
  // NP_EVENTS_HEARTBEAT_MS / NP_EVENTS_CHECK_MS in the bench's environment reach the server
  // and shorten it.
  const http = await import('node:http');
  const zlib = await import('node:zlib');
  const admin = { 'x-admin-key': BENCH_ADMIN_KEY };
  const heartbeatMs = Number(process.env.NP_EVENTS_HEARTBEAT_MS || 25_000);

  const SONGS = [
    ['Machel Montano', 'Like Ah Boss'], ['Bunji Garlin', 'Differentology'], ['Destra Garcia', 'Lucy'], ['Kes', 'Hello'],
    ['Patrice Roberts', 'Big Bad Soca'], ['Skinny Fabulous', 'Famalay'], ['Voice', 'Far From Finished'], ['Nailah Blackman', 'Baddish'],
    ['Lyrikal', 'Freedom'], ['Olatunji', 'Ola'], ['Sherwin Gardner', 'Excess Love'], ['Jason Nelson', 'Shifting the Atmosphere'],
    ['Papa San', 'Step Pon Di Devil'], ['Chronixx', 'Smile Jamaica'], ['Alison Hinds', 'Roll It Gal'], ['Iwer George', 'Carnival Come Back Again'],
    ['Farmer Nappy', 'Backyard Jam'], ['Mical Teja', 'DNA'], ['Erphaan Alves', 'Trust Me'], ['Nadia Batson', 'Advantage'],
    ['Shal Marshall', 'Po Po Po'], ['Ricardo Drue', 'Vagabond'], ['Kerwin Du Bois', 'Bacchanalist'],
  ];
  let playing = 0;
  const started = Math.floor(Date.now() / 1000);
  const entry = (i, playedAt) => {
    const [artist, title] = SONGS[i % SONGS.length];
    return { played_at: playedAt, song: { id: `song${i}`, text: `${artist} - ${title}`, artist, title, art: `https://radio.example.org/api/station/watzhott/art/song${i}-1767600000.jpg` } };
  };
  const doc = () => ({
    station: { id: 1, name: 'Watzhott', shortcode: 'watzhott' },
    listeners: { total: 52, unique: 50, current: 50 },
    now_playing: entry(playing + 20, started + playing * 240),
    song_history: Array.from({ length: 20 }, (_, k) => entry(playing + 19 - k, started + (playing - k - 1) * 240)),
  });
  const upstream = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(doc())));
  await new Promise((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const npJsonUrl = `http://127.0.0.1:${upstream.address().port}/api/nowplaying/watzhott`;

  /**
   * GET /api/np/events as Chromium's EventSource asks for it, on a raw socket: each HTTP chunk
   * (size line, data, CRLF) is charged to the SSE block its data completes, the headers to the
   * first block, so a heartbeat and an event that arrive in one read are still told apart.
   */
  function openStream(pathName, headers = {}) {
    const { hostname, port } = new URL(base);
    const all = { Host: `${hostname}:${port}`, Accept: 'text/event-stream', 'Cache-Control': 'no-cache', 'Accept-Encoding': 'gzip, deflate, br, zstd', ...headers };
    const request = [`GET ${pathName} HTTP/1.1`, ...Object.entries(all).map(([k, v]) => `${k}: ${v}`), '', ''].join('\r\n');
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(port), hostname, () => socket.write(request));
      socket.on('error', reject);
      const blocks = [];
      let raw = Buffer.alloc(0);
      let head = null;
      let gunzip = null;
      let text = '';
      let owed = 0;
      let wake = () => {};
      let queue = Promise.resolve();
      const decoded = (chunk) =>
        new Promise((done) => {
          if (!gunzip) return done(chunk.toString('utf8'));
          const out = [];
          const take = (d) => out.push(d);
          gunzip.on('data', take);
          gunzip.write(chunk);
          gunzip.flush(zlib.constants.Z_SYNC_FLUSH, () => {
            gunzip.off('data', take);
            done(Buffer.concat(out).toString('utf8'));
          });
        });
      const charge = (chunk, bytes) => {
        queue = queue.then(async () => {
          owed += bytes;
          text += await decoded(chunk);
          let at;
          while ((at = text.indexOf('\n\n')) >= 0) {
            blocks.push({ text: text.slice(0, at + 2), bytes: owed });
            owed = 0;
            text = text.slice(at + 2);
          }
          wake();
        });
      };
      socket.on('data', (d) => {
        raw = Buffer.concat([raw, d]);
        if (!head) {
          const end = raw.indexOf('\r\n\r\n');
          if (end < 0) return;
          const lines = raw.subarray(0, end).toString('latin1').split('\r\n');
          head = { status: Number(lines[0].split(' ')[1]), headers: Object.fromEntries(lines.slice(1).map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()])) };
          if (head.headers['content-encoding'] === 'gzip') gunzip = zlib.createGunzip();
          owed = end + 4;
          raw = raw.subarray(end + 4);
          let seen = 0;
          resolve({
            headers: head.headers,
            blocks,
            /** The next SSE block that matches, within ms. */
            next(match, ms, what) {
              return bounded(
                new Promise((done) => {
                  const look = () => {
                    while (seen < blocks.length) {
                      const b = blocks[seen++];
                      if (match(b.text)) return done(b);
                    }
                    wake = look;
                  };
                  look();
                }),
                ms,
                what,
              );
            },
            close: () => socket.destroy(),
          });
        }
        // Chunked framing: "<hex size>\r\n<data>\r\n".
        for (;;) {
          const line = raw.indexOf('\r\n');
          if (line < 0) return;
          const size = parseInt(raw.subarray(0, line).toString('latin1'), 16);
          const total = line + 2 + size + 2;
          if (size === 0 || raw.length < total) return;
          charge(raw.subarray(line + 2, line + 2 + size), total);
          raw = raw.subarray(total);
        }
      });
    });
  }

  const settings = await (await fetch(`${base}/api/settings`, { headers: admin })).json();
  delete settings.tenant;
  const put = (data) => fetch(`${base}/api/settings`, { method: 'PUT', headers: { ...admin, 'Content-Type': 'application/json' }, body: JSON.stringify(data) });
  if (!(await put({ ...settings, npJsonUrl })).ok) throw new Error('could not set npJsonUrl');
  const streams = [];
  try {
    const full = await rawRequest(base, '/api/np', { Accept: 'application/json', 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    const head = full.subarray(0, full.indexOf('\r\n\r\n')).toString('latin1');
    const etag = /\r\netag: *(.+)/i.exec(head)?.[1]?.trim();
    if (!etag || !full.includes(Buffer.from('\r\n\r\n'))) throw new Error('/api/np sent no ETag');

    // As the app opens it: with the ETag of the answer it already has, so nothing is resent.
    const live = await openStream(`/api/np/events?lastEventId=${encodeURIComponent(etag)}`);
    streams.push(live);
    if (live.headers['content-type'] !== 'text/event-stream') throw new Error(`stream type ${live.headers['content-type']}`);
    const opening = await live.next((t) => t.startsWith('retry:'), 5_000, 'the stream to open');
    // The stream's first change is the whole answer (its gzip window is still empty); every
    // later one mostly points back at the answer before it.
    const isEvent = (t) => /^data: /m.test(t);
    playing += 1;
    const first = await live.next(isEvent, 30_000, 'a song change event');
    if (!first.text.includes(SONGS[(playing + 20) % SONGS.length][1])) throw new Error('the change event is not the new song');
    playing += 1;
    const change = await live.next(isEvent, 30_000, 'a second song change event');
    if (!change.text.includes(SONGS[(playing + 20) % SONGS.length][1])) throw new Error('the change event is not the new song');
    const heartbeat = live.blocks.find((b) => b.text === ':\n\n') ?? (await live.next((t) => t === ':\n\n', heartbeatMs + 10_000, 'a heartbeat'));
    const changeId = /^id: (.*)$/m.exec(change.text)?.[1];
    const unexpected = live.blocks.filter((b) => b !== opening && b !== first && b !== change && b.text !== ':\n\n');
    if (unexpected.length) throw new Error(`unexpected events: ${unexpected.map((b) => b.text.slice(0, 40)).join(' | ')}`);

    // One reconnect, counted at its worst: the song changed while it was away, so the answer
    // comes whole in a fresh gzip stream. (With nothing missed it is headers and retry only.)
    const missed = await openStream('/api/np/events', { 'Last-Event-ID': 'W/"stale"' });
    streams.push(missed);
    const reconnect = await missed.next((t) => t.includes('data: '), 5_000, 'the reconnect event');
    const caughtUp = await openStream('/api/np/events', { 'Last-Event-ID': changeId });
    streams.push(caughtUp);
    const quiet = await caughtUp.next((t) => t.startsWith('retry:'), 5_000, 'the quiet reconnect');
    const reconnectBytes = missed.blocks[0].bytes + reconnect.bytes;

    // A reconnect that missed nothing costs its opening, and then its first change is whole
    // again: about what the reconnect counted here costs, so one term covers both.
    const hour = full.length + opening.bytes + 144 * heartbeat.bytes + first.bytes + 14 * change.bytes + reconnectBytes;
    row(
      'Listening: now-playing bytes per hour',
      '≤ 15 KB',
      `${kb(hour)} (${full.length} B first GET /api/np + ${opening.bytes} B stream opening + 144 × ${heartbeat.bytes} B heartbeat + ${first.bytes} B first song change + 14 × ${change.bytes} B song change + 1 × ${reconnectBytes} B reconnect)`,
      hour <= 15 * 1024,
    );
    notes.push(
      `Listening: bytes as received on the socket (status line, headers, chunk framing, body); request bytes and TLS are not counted. ` +
        `Upstream: AzuraCast-style with a 20-song history (answer ${JSON.parse(change.text.slice(change.text.indexOf('data: ') + 6)).history.length} entries, ` +
        `${change.text.length} B per event before gzip). The stream is gzipped per connection with a sync flush after each event, so a change costs what differs from the previous one. ` +
        `Stream headers: ${Object.keys(live.headers).join(', ')}. A reconnect that missed nothing: ${quiet.bytes} B. ` +
        `A change of the listener count alone waits at least 60 s after the last event (≤ 60 an hour, each smaller than a song change).`,
    );
  } finally {
    for (const s of streams) s.close();
    await put(settings);
    upstream.closeAllConnections();
    await new Promise((resolve) => upstream.close(resolve));
  }
}

// ------------------------------------------------------------------ f. API throughput

async function throughput(base) {
  const { default: autocannon } = await import('autocannon');
  // Capture each answer once, as autocannon will ask for it (no Accept-Encoding).
  const answers = [];
  for (const p of API_PATHS) {
    const res = await fetch(base + p, { headers: { 'accept-encoding': 'identity' }, signal: AbortSignal.timeout(10_000) });
    const headers = {};
    for (const [k, v] of res.headers) if (!['connection', 'keep-alive', 'transfer-encoding', 'date', 'content-encoding'].includes(k)) headers[k] = v;
    const body = Buffer.from(await res.arrayBuffer());
    headers['content-length'] = String(body.length);
    answers.push({ path: p, status: res.status, headers, body: body.toString('base64') });
  }
  const file = path.join(os.tmpdir(), `radio-bench-answers-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify(answers));
  const bare = spawn(process.execPath, [path.join(ROOT, 'bench', 'bare-server.mjs'), file], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const barePort = await bounded(new Promise((r) => bare.stdout.once('data', (d) => r(Number(String(d).trim())))), 10_000, 'bare server start');
    const bareBase = `http://127.0.0.1:${barePort}`;
    const run = (url) =>
      bounded(
        new Promise((resolve, reject) => {
          autocannon({ url, connections: 100, duration: AUTOCANNON_SECONDS, timeout: 10 }, (err, result) => (err ? reject(err) : resolve(result)));
        }),
        (AUTOCANNON_SECONDS + 30) * 1000,
        `autocannon ${url}`,
      );
    for (const p of API_PATHS) {
      const ours = await run(base + p);
      const yardstick = await run(bareBase + p);
      const ratio = ours.requests.average / yardstick.requests.average;
      const errors = ours.errors + ours.timeouts + ours.non2xx;
      const p99 = ours.latency.p99;
      row(`API ${p}: throughput vs bare node:http`, '≥ 60 %', `${(ratio * 100).toFixed(0)} % (${Math.round(ours.requests.average)} vs ${Math.round(yardstick.requests.average)} req/s)`, ratio >= 0.6);
      row(`API ${p}: p99 latency`, '< 100 ms', `${p99} ms`, p99 < 100);
      row(`API ${p}: errors`, '0', `${errors} (errors ${ours.errors}, timeouts ${ours.timeouts}, non-2xx ${ours.non2xx})`, errors === 0);
    }
  } finally {
    bare.kill('SIGTERM');
    fs.rmSync(file, { force: true });
  }
}

// ------------------------------------------------------------------ g. images

async function images(base) {
  const { default: sharp } = await import('sharp');
  const demoDir = path.join(ROOT, 'dist', 'app', 'demo');
  // Not the .br/.gz copies the build writes beside larger SVGs (scripts/precompress.mjs), nor
  // the demo's sound (demo/audio/, issue 29): images only, whatever their format.
  const files = fs.existsSync(demoDir)
    ? fs
        .readdirSync(demoDir, { recursive: true })
        .filter((f) => fs.statSync(path.join(demoDir, f)).isFile() && /\.(svg|png|jpe?g|gif|webp|avif)$/i.test(f))
    : [];
  const formats = new Map();
  let largest = 0;
  for (const f of files) {
    const ext = path.extname(f).slice(1).toLowerCase();
    formats.set(ext, (formats.get(ext) ?? 0) + 1);
    largest = Math.max(largest, fs.statSync(path.join(demoDir, f)).size);
  }
  const sample = files[0];
  let demoCache = 'no demo files';
  if (sample) {
    const res = await fetch(`${base}/demo/${sample}`, { signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    demoCache = res.headers.get('cache-control') ?? 'none';
  }
  const modern = [...formats.keys()].every((e) => ['svg', 'webp', 'avif'].includes(e));
  const longLived = /max-age=(\d+)/.exec(demoCache);
  row(
    'Images: demo images',
    'modern format, long-lived cache',
    `${files.length} files (${[...formats].map(([e, n]) => `${n} ${e}`).join(', ')}), largest ${kb(largest)}; Cache-Control ${demoCache}`,
    modern && !!longLived && Number(longLived[1]) >= 604800,
  );

  // An uploaded 2000×1000 photo comes back resized to fit 800×800, as WebP, cached for a year.
  const png = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#f4a300' } }).png().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'photo.png');
  const up = await fetch(`${base}/api/uploads`, { method: 'POST', body: form, signal: AbortSignal.timeout(20_000) });
  const { url } = await up.json();
  const got = await fetch(base + url, { signal: AbortSignal.timeout(10_000) });
  const bytes = Buffer.from(await got.arrayBuffer());
  const meta = await sharp(bytes).metadata();
  const ok = up.status === 201 && meta.format === 'webp' && meta.width === 800 && meta.height === 400;
  row(
    'Images: uploaded 2000×1000 PNG',
    'resized to ≤ 800 px, WebP, long-lived cache',
    `${up.status} → ${meta.format} ${meta.width}×${meta.height}, ${kb(bytes.length)} (from ${kb(png.length)}); Cache-Control ${got.headers.get('cache-control')}`,
    ok && /immutable/.test(got.headers.get('cache-control') ?? ''),
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
  await step('listening', () => listening(server.url));
  await step('repeat-visit', () => repeatVisit(server.url, server.log));
  await step('images', () => images(server.url));
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
  await step('throughput', () => throughput(server.url));
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
  shared, noisy machine. autocannon: 100 connections, ${AUTOCANNON_SECONDS} s per target.
- Lighthouse: headless Chromium at \`${CHROME}\` (settings in the Lighthouse note above).
${fs.existsSync(path.join(ROOT, 'bench', 'notes.md')) ? '\n' + fs.readFileSync(path.join(ROOT, 'bench', 'notes.md'), 'utf8') : ''}`;
console.log('\n' + table() + '\n');
console.log(failed ? `${failed} figure(s) over budget.` : 'Every budget met.');
// `npm run test:reliability` keeps its own section in this file: carried over unchanged.
const resultsFile = path.join(ROOT, 'bench', 'RESULTS.md');
const previous = fs.existsSync(resultsFile) ? fs.readFileSync(resultsFile, 'utf8') : '';
const reliability = /<!-- reliability:start -->[\s\S]*?<!-- reliability:end -->/.exec(previous)?.[0];
if (!SKIP.size) fs.writeFileSync(resultsFile, reliability ? `${md.replace(/\n*$/, '\n\n')}${reliability}\n` : md);
else console.log('(some steps skipped: bench/RESULTS.md not written)');
