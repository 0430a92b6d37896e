// Issue 17: ten thousand now-playing listeners at a song change. One process holds 1,000,
// 5,000 and 10,000 streams (GET /api/np/events, gzip as browsers ask), a change is made
// (an admin write that alters the answer, pushed as a song change is), and the time from the
// change until each stream has the event is taken, with the resident memory per stream. The
// same against a bare node:http server holding as many streams and writing the same event
// bytes (gzip chunks made the same way), in the same run. Every socket targets 127.0.0.1;
// each size gets fresh servers and a loopback source address of its own (ephemeral ports).
//
// Run alone: node bench/listeners.mjs [1000,5000,10000]   (after npm run build:server; with no
// sizes given it also replaces its section of bench/RESULTS.md)
// From bench/run.mjs: the "listeners" section (BENCH_SKIP=listeners skips it).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { BENCH_ADMIN_KEY, compiledServerEnv, freePort } from './lib/compiled-server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SELF = fileURLToPath(import.meta.url);
/** 10,000 streams plus the process's own files. */
const FILES_NEEDED = 10_500;
export const LISTENER_COUNTS = [1_000, 5_000, 10_000];
const BUDGET = { p99Ms: 2_000, bytesPerStream: 20 * 1024, ratio: 2 };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function rssBytes(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) * 1024;
}

/**
 * node with its open-file limit raised to the hard limit (the usual soft limit is 1,024; this
 * sandbox's hard limit is 20,000 and raising it needs a capability we do not have).
 */
function withFileLimit(args, options) {
  const script = `ulimit -n "$(ulimit -Hn)" && [ "$(ulimit -n)" = unlimited -o "$(ulimit -n)" -ge ${FILES_NEEDED} ] || { echo "open-file hard limit $(ulimit -Hn) is under ${FILES_NEEDED}" >&2; exit 3; }; exec "$0" "$@"`;
  return spawn('bash', ['-c', script, process.execPath, ...args], options);
}

function waitForLine(child, pattern, ms, what) {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${what}: no start within ${ms} ms\n${out}`)), ms);
    const onData = (d) => {
      out += d;
      const m = pattern.exec(out);
      if (m) {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        // Drained from here on, so a full pipe never blocks the server.
        child.stdout.resume();
        resolve(m);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d) => (out += d));
    child.once('exit', (code) => reject(new Error(`${what} exited (${code})\n${out}`)));
  });
}

async function startOurs(dir, port) {
  const child = withFileLimit([path.join(ROOT, 'dist', 'server', 'index.js')], {
    cwd: ROOT,
    env: compiledServerEnv({
      dir,
      port,
      database: 'listeners.sqlite3',
      env: {
        DEMO_DATA: 'on',
        // All the bench's streams come from a few loopback addresses.
        NP_EVENTS_MAX_PER_ADDRESS: '1000000',
        // The process-wide ceilings are what is measured against here, not a limit to meet.
        NP_EVENTS_MAX_TOTAL: '1000000',
        MAX_CONNECTIONS: '1000000',
        // No heartbeat, so no idle close either while the streams are opened and measured.
        CONNECTION_IDLE_MS: '7200000',
        // No heartbeat during the measurement: the first bytes after the change are the event.
        NP_EVENTS_HEARTBEAT_MS: '3600000',
      },
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitForLine(child, /Listening on/, 30_000, 'server');
  return child;
}

async function startBare(eventsFile, port) {
  const child = withFileLimit([SELF, 'bare', eventsFile, String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  await waitForLine(child, /listening/, 10_000, 'bare server');
  return child;
}

async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const exited = new Promise((r) => child.once('exit', r));
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** The client process: raw sockets, a bounded number connecting at once. */
function startClient() {
  // bash execs node, which finds the IPC channel spawn opened (NODE_CHANNEL_FD).
  const child = withFileLimit([SELF, 'client'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const pending = new Map();
  let nextId = 1;
  child.on('message', (m) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.error) p.reject(new Error(m.error));
    else p.resolve(m.result);
  });
  return {
    call(cmd, args, ms = 180_000) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`client ${cmd} took over ${ms} ms`)), ms);
        pending.set(id, {
          resolve: (v) => (clearTimeout(timer), resolve(v)),
          reject: (e) => (clearTimeout(timer), reject(e)),
        });
        child.send({ id, cmd, args });
      });
    },
    stop: () => stop(child),
  };
}

async function adminJson(base, method, pathName, body) {
  const res = await fetch(base + pathName, {
    method,
    headers: { 'x-admin-key': BENCH_ADMIN_KEY, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`${method} ${pathName}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** One size against one target: open, settle, change, collect. */
async function measure(client, { port, count, local, trigger, pid }) {
  const rssBefore = rssBytes(pid);
  const opened = await client.call('open', { port, count, local });
  // Let the opening events and allocations settle before the memory is read.
  await sleep(5_000);
  const rssAfter = rssBytes(pid);
  const result = await client.call('change', { trigger, expectText: trigger.expect });
  await client.call('close', {});
  return { ...result, openErrors: opened.errors, perStream: (rssAfter - rssBefore) / count, rssAfter };
}

export async function listenersBench({ counts = LISTENER_COUNTS, log = console.log } = {}) {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'server', 'index.js'))) throw new Error('dist/server/index.js missing: npm run build:server first');
  const client = startClient();
  const results = [];
  try {
    for (const [i, count] of counts.entries()) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'radio-listeners-'));
      try {
        // ours
        const port = await freePort();
        const ours = await startOurs(dir, port);
        const base = `http://127.0.0.1:${port}`;
        let oursResult;
        let events;
        try {
          const settings = await adminJson(base, 'GET', '/api/settings');
          const renamed = `Watzhott Live ${count}`;
          const before = await (await fetch(`${base}/api/np`)).text();
          oursResult = await measure(client, {
            port,
            count,
            local: `127.0.${10 + i}.1`,
            pid: ours.pid,
            trigger: {
              method: 'PUT',
              url: `${base}/api/settings`,
              headers: { 'x-admin-key': BENCH_ADMIN_KEY, 'content-type': 'application/json' },
              body: JSON.stringify({ ...settings, displayName: renamed }),
              expect: renamed,
            },
          });
          const after = await (await fetch(`${base}/api/np`)).text();
          events = [before, after];
        } finally {
          await stop(ours);
        }
        // bare, writing the same events
        const eventsFile = path.join(dir, 'events.json');
        fs.writeFileSync(eventsFile, JSON.stringify(events));
        const barePort = await freePort();
        const bare = await startBare(eventsFile, barePort);
        let bareResult;
        try {
          bareResult = await measure(client, {
            port: barePort,
            count,
            local: `127.0.${10 + i}.2`,
            pid: bare.pid,
            trigger: { method: 'POST', url: `http://127.0.0.1:${barePort}/change`, headers: {}, body: '', expect: `Watzhott Live ${count}` },
          });
        } finally {
          await stop(bare);
        }
        const line = { count, ours: oursResult, bare: bareResult };
        results.push(line);
        log(
          `  ${count} streams: ours p50 ${oursResult.p50} / p99 ${oursResult.p99} / max ${oursResult.max} ms, ${(oursResult.perStream / 1024).toFixed(1)} KB/stream, ${oursResult.errors + oursResult.openErrors} errors; ` +
            `bare p50 ${bareResult.p50} / p99 ${bareResult.p99} / max ${bareResult.max} ms, ${(bareResult.perStream / 1024).toFixed(1)} KB/stream, ${bareResult.errors + bareResult.openErrors} errors`,
        );
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
  } finally {
    await client.stop();
  }
  return results;
}

const ms = (v) => `${Math.round(v)} ms`;
const kbs = (v) => `${(v / 1024).toFixed(1)} KB`;
const ratio = (a, b) => (b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a');

/** Rows for run.mjs's main table (the 10,000 figures against their budgets) and a table of every size. */
export function listenersReport(results) {
  const rows = [];
  const top = results.at(-1);
  if (top) {
    const { ours, bare, count } = top;
    const errors = ours.errors + ours.openErrors + ours.missing;
    rows.push([`Listeners: ${count} streams, song change → last stream p99`, `≤ ${BUDGET.p99Ms} ms`, `${ms(ours.p99)} (p50 ${ms(ours.p50)}, max ${ms(ours.max)})`, ours.p99 <= BUDGET.p99Ms]);
    rows.push([`Listeners: ${count} streams, memory per stream`, `≤ ${BUDGET.bytesPerStream / 1024} KB`, kbs(ours.perStream), ours.perStream <= BUDGET.bytesPerStream]);
    rows.push([`Listeners: ${count} streams, errors`, '0', `${errors} (open ${ours.openErrors}, stream ${ours.errors}, without the event ${ours.missing})`, errors === 0]);
    // The time ratio is taken on p99; the bare server's figure is a few ms, so a floor of
    // 100 ms keeps noise on this shared machine from turning 30 ms against 5 ms into "6×".
    const timeRatio = ours.p99 / Math.max(bare.p99, 100);
    const memoryRatio = ours.perStream / bare.perStream;
    rows.push([`Listeners: ${count} streams, time vs bare node:http (p99, bare floored at 100 ms)`, `≤ ${BUDGET.ratio}×`, `${timeRatio.toFixed(2)}× (${ms(ours.p99)} vs ${ms(bare.p99)})`, timeRatio <= BUDGET.ratio]);
    rows.push([`Listeners: ${count} streams, memory vs bare node:http`, `≤ ${BUDGET.ratio}×`, `${memoryRatio.toFixed(2)}× (${kbs(ours.perStream)} vs ${kbs(bare.perStream)} per stream)`, memoryRatio <= BUDGET.ratio]);
  }
  const head = '| Streams | Ours p50 / p99 / max | Bare p50 / p99 / max | p99 ratio | Ours per stream | Bare per stream | Memory ratio | Ours RSS | Errors (ours / bare) |';
  const table = [
    head,
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...results.map(
      ({ count, ours, bare }) =>
        `| ${count.toLocaleString('en')} | ${ms(ours.p50)} / ${ms(ours.p99)} / ${ms(ours.max)} | ${ms(bare.p50)} / ${ms(bare.p99)} / ${ms(bare.max)} | ${ratio(ours.p99, bare.p99)} | ${kbs(ours.perStream)} | ${kbs(bare.perStream)} | ${ratio(ours.perStream, bare.perStream)} | ${(ours.rssAfter / 2 ** 20).toFixed(0)} MB | ${ours.errors + ours.openErrors + ours.missing} / ${bare.errors + bare.openErrors + bare.missing} |`,
    ),
  ].join('\n');
  return { rows, table };
}

const MARKED = /<!-- listeners:start -->[\s\S]*?<!-- listeners:end -->/;

/** The section of bench/RESULTS.md, between markers so a run of this module alone can replace it. */
export function listenersSection(table, { when = new Date(), machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, load average ${os.loadavg()[0].toFixed(1)} at the end` } = {}) {
  return `<!-- listeners:start -->
## Now-playing listeners at a song change (issue 17)

One compiled server process holding N \`GET /api/np/events\` streams (gzip, raw sockets from one
client process), then an admin write that changes the answer, pushed as a song change is: the
time until each stream has the event, and the growth of resident memory per stream; against a
bare \`node:http\` server holding as many streams and writing the same gzip bytes, in the same
run (bench/listeners.mjs, docs/now-playing-push.md). Budgets at 10,000: p99 ≤ 2 s, ≤ 20 KB per
stream, no error, within 2× of bare. Run ${when.toISOString()} on ${machine}.

${table}
<!-- listeners:end -->`;
}

/** The listeners section kept in a RESULTS.md text (run.mjs carries it over when the step is skipped). */
export const previousListenersSection = (text) => MARKED.exec(text)?.[0] ?? null;

function writeSection(file, section) {
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  let next;
  if (MARKED.test(text)) next = text.replace(MARKED, section);
  else if (text.includes('<!-- reliability:start -->')) next = text.replace('<!-- reliability:start -->', `${section}\n\n<!-- reliability:start -->`);
  else next = `${text.replace(/\n*$/, '\n\n')}${section}\n`;
  fs.writeFileSync(file, next);
}

// ------------------------------------------------------------------ the bare server

function bareServer(eventsFile, port) {
  const [before, after] = JSON.parse(fs.readFileSync(eventsFile, 'utf8'));
  const text = (json, id) => `id: ${id}\ndata: ${json}\n\n`;
  const flushed = { finishFlush: zlib.constants.Z_SYNC_FLUSH, level: 6 };
  const first = text(before, 'W/"before"');
  const second = text(after, 'W/"after"');
  // The same bytes our server writes: a gzip header, then sync-flushed deflate chunks, the
  // change compressed against the event before it.
  const header = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
  const opening = Buffer.concat([header, zlib.deflateRawSync('retry: 5000\n\n', flushed), zlib.deflateRawSync(first, flushed)]);
  const change = zlib.deflateRawSync(second, { ...flushed, dictionary: Buffer.from(first) });
  const streams = new Set();
  const server = http.createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/change') {
      for (const s of streams) s.write(change);
      res.end('ok');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', 'content-encoding': 'gzip' });
    res.write(opening);
    streams.add(res);
    res.once('close', () => streams.delete(res));
  });
  server.listen(port, '127.0.0.1', () => process.stdout.write('listening\n'));
  process.on('SIGTERM', () => {
    for (const s of streams) s.destroy();
    server.close(() => process.exit(0));
  });
}

// ------------------------------------------------------------------ the client

function clientProcess() {
  let sockets = [];
  const REQUEST = (port) => Buffer.from(`GET /api/np/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\nCache-Control: no-cache\r\nAccept-Encoding: gzip, deflate, br\r\n\r\n`);

  async function open({ port, count, local }) {
    const request = REQUEST(port);
    let errors = 0;
    let next = 0;
    sockets = new Array(count);
    const one = (i) =>
      new Promise((resolve) => {
        const socket = net.connect({ host: '127.0.0.1', port, localAddress: local });
        const s = { socket, status: 0, armed: false, at: 0, error: false, sample: i === 0 ? [] : null };
        sockets[i] = s;
        socket.on('connect', () => socket.write(request));
        socket.on('data', (chunk) => {
          if (s.status === 0) {
            s.status = Number(chunk.toString('latin1', 9, 12));
            if (s.status !== 200) s.error = true;
            resolve();
          } else if (s.armed && s.at === 0) s.at = performance.now();
          if (s.sample) s.sample.push(chunk);
        });
        socket.on('error', () => {
          s.error = true;
          resolve();
        });
        socket.on('close', () => resolve());
      });
    const workers = Array.from({ length: 200 }, async () => {
      while (next < count) await one(next++);
    });
    await Promise.all(workers);
    for (const s of sockets) if (s.error) errors += 1;
    return { errors };
  }

  async function change({ trigger, expectText }) {
    for (const s of sockets) {
      s.armed = true;
      s.at = 0;
      // The opening chunks may have come in more than one read: what follows the trigger counts.
      if (s.sample) s.sample.push(Buffer.from('\u0000MARK\u0000'));
    }
    // node:http rather than fetch: fetch loads undici on first use, which would be timed too.
    const send = () =>
      new Promise((resolve, reject) => {
        const req = http.request(trigger.url, { method: trigger.method, headers: { ...trigger.headers, 'content-length': Buffer.byteLength(trigger.body) }, agent: false }, (res) => {
          res.resume();
          res.on('end', () => (res.statusCode < 400 ? resolve() : reject(new Error(`trigger answered ${res.statusCode}`))));
        });
        req.on('error', reject);
        req.end(trigger.body);
      });
    const t0 = performance.now();
    await send();
    const deadline = Date.now() + 30_000;
    const live = () => sockets.filter((s) => !s.error && s.at === 0).length;
    while (live() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const times = sockets.filter((s) => s.at > 0).map((s) => s.at - t0).sort((a, b) => a - b);
    const pick = (q) => (times.length ? times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] : NaN);
    // One stream decoded in full: the event after the change names the new display name.
    let verified = false;
    const sample = sockets[0]?.sample;
    if (sample) {
      const raw = Buffer.concat(sample.filter((b) => b.toString('latin1') !== '\u0000MARK\u0000'));
      const bodyStart = raw.indexOf('\r\n\r\n') + 4;
      const chunked = raw.subarray(bodyStart);
      const parts = [];
      let at = 0;
      while (at < chunked.length) {
        const lineEnd = chunked.indexOf('\r\n', at);
        if (lineEnd < 0) break;
        const size = parseInt(chunked.toString('latin1', at, lineEnd), 16);
        if (!size) break;
        parts.push(chunked.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
      try {
        const text = zlib.gunzipSync(Buffer.concat(parts), { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString('utf8');
        verified = text.includes(expectText);
      } catch {
        verified = false;
      }
    }
    return {
      p50: pick(0.5),
      p99: pick(0.99),
      max: times.at(-1) ?? NaN,
      received: times.length,
      missing: sockets.filter((s) => !s.error && s.at === 0).length,
      errors: sockets.filter((s) => s.error).length + (verified ? 0 : 1),
      verified,
    };
  }

  async function close() {
    for (const s of sockets) s.socket.destroy();
    sockets = [];
    await new Promise((r) => setTimeout(r, 200));
    return {};
  }

  const handlers = { open, change, close };
  process.on('message', async ({ id, cmd, args }) => {
    try {
      process.send({ id, result: await handlers[cmd](args) });
    } catch (e) {
      process.send({ id, error: e.message });
    }
  });
}

// ------------------------------------------------------------------ entry points

if (process.argv[1] === SELF) {
  const [mode, ...rest] = process.argv.slice(2);
  if (mode === 'bare') bareServer(rest[0], Number(rest[1]));
  else if (mode === 'client') clientProcess();
  else {
    const counts = mode ? mode.split(',').map(Number) : LISTENER_COUNTS;
    const results = await listenersBench({ counts });
    const { rows, table } = listenersReport(results);
    for (const [figure, budget, measured, pass] of rows) console.log(`${pass ? '✓' : '✗'} ${figure}: ${measured} (budget ${budget})`);
    console.log('\n' + table);
    // A full run of every size, alone, replaces its section of bench/RESULTS.md.
    if (!mode) writeSection(path.join(ROOT, 'bench', 'RESULTS.md'), listenersSection(table));
  }
}
