// Issue 44: 5,000 chat listeners on one process. The compiled server (its own, fresh SQLite
// database with the demo data, chat on) holds 5,000 GET /api/chat/events streams, opened by
// client processes (bench/chat-client.mjs) on raw sockets from 50 addresses (X-Forwarded-For
// behind TRUST_PROXY=on: a carrier-grade NAT of 100 phones an address, the chat's own cap).
// Then, in real time:
//   quiet: no message for QUIET_S seconds; every byte each stream receives is counted;
//   busy:  10 messages a minute for BUSY_MESSAGES messages, sent through POST /api/chat/messages
//          (ten devices behind ten addresses, as listeners send them), each one's delivery
//          time to every stream taken (from just before the POST to the frame's arrival).
// An hour is extrapolated from what was measured, not from the server's constants: the opening
// (headers and retry line), the heartbeat's bytes times the heartbeats an hour at the interval
// seen between them, and the mean bytes of a message frame as received times 600.
//
// Run alone: node bench/chat.mjs [listeners]   (after npm run build:server)
// From bench/run.mjs: the "chat" section (BENCH_SKIP=chat skips it).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bounded, compiledServerEnv, freePort } from './lib/compiled-server.mjs';
import { serverNodeOptions } from './lib/server-node-options.mjs';
import { cpuSeconds, ipcCaller, stopChild } from './lib/processes.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SELF = fileURLToPath(import.meta.url);
const CLIENT = path.join(path.dirname(SELF), 'chat-client.mjs');
export const CHAT_BUDGET = { listeners: 5_000, p99Ms: 1_000, quietHourBytes: 5 * 1024, busyHourBytes: 150 * 1024 };
const PER_ADDRESS = 100;
const CLIENTS = Number(process.env.BENCH_CHAT_CLIENTS || 2);
const QUIET_S = Number(process.env.BENCH_CHAT_QUIET_S || 60);
const BUSY_MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES || 20);
const MESSAGE_GAP_MS = 6_000; // 10 a minute

/** What listeners of a Caribbean station type, lengths as they come (7 to 94 characters). */
const LINES = [
  ['Shanice', 'Big up Linden! Blessings from the whole family 🙏'],
  ['DJ Fan 592', 'Play some Kes please!!'],
  ['Marcus', 'Greetings from Brooklyn, listening every Sunday'],
  ['Auntie Pearl', 'That hymn took me back to my grandmother’s church in Berbice. Thank you for playing it'],
  ['Rohan', 'Tune!!!'],
  ['Keisha T', 'Shout out to everybody in Diego Martin, we listening'],
  ['Andre', 'What is the name of this song?'],
  ['Natalie from Grenada', 'Happy birthday to my mother Veronica, 70 today 🎉'],
  ['Jerome', 'Vibes nice tonight'],
  ['Sister Claudette', 'Praying for all the families affected by the flooding in the Rupununi, God is with us'],
  ['Kevin', 'Respect to the host, good selection'],
  ['Trini in Toronto', 'Missing home, this music is everything right now'],
  ['Leon', 'Run it back!'],
  ['Maria', 'Can you play Destra, Lucy for my sister in St Lucia?'],
  ['Big Mike', 'Linden in the building 🔥🔥'],
  ['Tamika', 'Good evening everyone, tuning in from Georgetown'],
  ['Pastor James', 'Join us for the Sunday service at 10, all welcome'],
  ['Devon', 'Signal clear in Bartica tonight'],
  ['Renee', 'Love this station, the app works good on my phone'],
  ['Clive', 'Who is the artist? I need this one'],
];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.timeOrigin + performance.now();
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(', ');

/** node with its open-file limit raised to the hard limit (5,000 sockets each side, plus files). */
function nodeWithFiles(args, options) {
  return spawn('bash', ['-c', 'ulimit -n "$(ulimit -Hn)" && exec "$0" "$@"', process.execPath, ...args], options);
}

async function startServer(dir) {
  const port = await freePort();
  // BENCH_CHAT_PROF=<dir>: the server's CPU profile (node --cpu-prof), written when it stops.
  const prof = process.env.BENCH_CHAT_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CHAT_PROF}`] : [];
  const child = nodeWithFiles([...serverNodeOptions(ROOT), ...prof, path.join(ROOT, process.env.BENCH_SERVER_ENTRY || 'dist/server/index.js')], {
    cwd: ROOT,
    env: compiledServerEnv({ dir, port, database: 'chat.sqlite3', env: { DEMO_DATA: 'on', TRUST_PROXY: 'on' } }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  await bounded(
    new Promise((resolve, reject) => {
      const onData = (d) => {
        if (!String(d).includes('Listening on')) return;
        child.stdout.off('data', onData);
        child.stdout.resume();
        resolve();
      };
      child.stdout.on('data', onData);
      child.once('exit', (code) => reject(new Error(`chat server exited (${code}): ${err}`)));
    }),
    30_000,
    'chat server start',
  );
  return { child, port, base: `http://127.0.0.1:${port}` };
}

function startClient() {
  const child = nodeWithFiles([CLIENT], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return { child, call: ipcCaller(child, 'chat client') };
}

/** POST /api/chat/messages as the app sends it; answers the message. */
function post(base, { name, text }, n) {
  const body = JSON.stringify({ name, text });
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/api/chat/messages`, {
      method: 'POST',
      agent: false,
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'X-Device-Id': DEVICES[n % DEVICES.length], 'Idempotency-Key': randomUUID(), 'X-Forwarded-For': `10.45.0.${n % DEVICES.length}` },
    }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => (res.statusCode === 201 ? resolve(JSON.parse(text)) : reject(new Error(`POST answered ${res.statusCode}: ${text}`))));
    });
    req.on('error', reject);
    req.end(body);
  });
}
const DEVICES = Array.from({ length: 10 }, () => randomUUID());

/** GET /api/chat/messages as the app reads it on (re)connect: bytes on the socket, headers and compressed body. */
function historyBytes(base) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/chat/messages`, { agent: false, headers: { Accept: 'application/json', 'Accept-Encoding': 'gzip, deflate, br, zstd', 'X-Device-Id': DEVICES[0] } }, (res) => {
      let body = 0;
      res.on('data', (d) => (body += d.length));
      res.on('end', () => {
        const head = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n` + res.rawHeaders.reduce((s, v, i) => s + (i % 2 ? `${v}\r\n` : `${v}: `), '') + '\r\n';
        resolve({ bytes: Buffer.byteLength(head) + body, encoding: res.headers['content-encoding'] ?? 'identity' });
      });
    });
    req.on('error', reject);
  });
}

const quantile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : NaN);
const median = (xs) => quantile([...xs].sort((a, b) => a - b), 0.5);

/** Marks of every client process merged: per-stream totals and sums by kind of frame. */
function merged(marks) {
  const totals = marks.flatMap((m) => m.totals).sort((a, b) => a - b);
  const sum = {};
  const frames = {};
  for (const m of marks) for (const k of Object.keys(m.sum)) {
    sum[k] = (sum[k] ?? 0) + m.sum[k];
    frames[k] = (frames[k] ?? 0) + m.frames[k];
  }
  return { streams: totals.length, totals, sum, frames, closed: marks.reduce((n, m) => n + m.closed, 0), beats: marks[0]?.beats ?? [], frameSizes: marks.flatMap((m) => m.frameSizes), lag: marks.map((m) => `${m.lagP99Ms.toFixed(0)}/${m.lagMaxMs.toFixed(0)}`) };
}

export async function chatBench({ listeners = CHAT_BUDGET.listeners, log = console.log } = {}) {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'server', 'index.js'))) throw new Error('dist/server/index.js missing: npm run build:server first');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'radio-bench-chat-'));
  const server = await startServer(dir).catch((e) => {
    fs.rmSync(dir, { recursive: true, force: true });
    throw e;
  });
  const clients = Array.from({ length: CLIENTS }, startClient);
  const cpu = () => ({ server: cpuSeconds(server.child.pid), clients: clients.map((c) => cpuSeconds(c.child.pid)) });
  try {
    // ---- open
    const t0 = now();
    const share = Math.ceil(listeners / CLIENTS);
    const opened = await Promise.all(clients.map((c, k) => c.call('open', { port: server.port, from: k * share, count: Math.min(share, listeners - k * share), perAddress: PER_ADDRESS })));
    const openErrors = opened.reduce((n, o) => n + o.errors, 0);
    const opening = merged(await Promise.all(clients.map((c) => c.call('mark'))));
    log(`  ${opening.streams} streams open in ${((now() - t0) / 1000).toFixed(1)} s, ${openErrors} errors (statuses ${[...new Set(opened.flatMap((o) => o.statuses))].join(', ')}); load ${load()}`);

    // ---- quiet
    const quietCpu0 = cpu();
    const q0 = now();
    await sleep(QUIET_S * 1000);
    const quiet = merged(await Promise.all(clients.map((c) => c.call('mark'))));
    const quietS = (now() - q0) / 1000;
    const quietCpu1 = cpu();
    const quietLoad = load();
    log(`  quiet ${quietS.toFixed(0)} s: ${quiet.frames.heartbeat / quiet.streams} heartbeats a stream, median ${median(quiet.totals)} B a stream; load ${quietLoad}`);

    // ---- busy: 10 messages a minute
    const busyCpu0 = cpu();
    const b0 = now();
    const sent = [];
    for (let n = 0; n < BUSY_MESSAGES; n++) {
      const due = b0 + n * MESSAGE_GAP_MS;
      if (due > now()) await sleep(due - now());
      const line = LINES[n % LINES.length];
      const at = now();
      const message = await post(server.base, { name: line[0], text: n < LINES.length ? line[1] : `${line[1]} (${n})` }, n);
      sent.push({ id: message.id, at, answeredMs: now() - at });
    }
    await sleep(MESSAGE_GAP_MS);
    const busy = merged(await Promise.all(clients.map((c) => c.call('mark'))));
    const busyS = (now() - b0) / 1000;
    const busyCpu1 = cpu();
    const busyLoad = load();
    const ids = sent.map((s) => s.id);
    const arrivals = await Promise.all(clients.map((c) => c.call('arrivals', { ids })));
    const latencies = [];
    const perMessage = [];
    // Where the time goes: until the first stream has it (the POST's work up to the broadcast),
    // and from the first stream to the last (the broadcast itself, one write per stream).
    const firsts = [];
    const spreads = [];
    let missing = 0;
    for (const s of sent) {
      const times = arrivals.flatMap((a) => a[s.id] ?? []).map((t) => t - s.at);
      missing += listeners - times.length;
      latencies.push(...times);
      perMessage.push(Math.max(...times));
      firsts.push(Math.min(...times));
      spreads.push(Math.max(...times) - Math.min(...times));
    }
    latencies.sort((a, b) => a - b);
    // The longest message there can be (30-character name, 280 characters of text), once.
    await post(server.base, { name: 'Sister Claudette of Linden 592', text: 'Blessings to all the listeners in Linden, Georgetown and Bartica tonight. '.repeat(4).slice(0, 280) }, BUSY_MESSAGES);
    await sleep(3_000);
    const longest = merged(await Promise.all(clients.map((c) => c.call('mark'))));
    const history = await historyBytes(server.base);
    const ended = merged(await Promise.all(clients.map((c) => c.call('mark'))));

    // ---- the hour, from what was measured
    const beats = [...quiet.beats, ...busy.beats];
    const gaps = beats.slice(1).map((t, i) => t - beats[i]);
    const heartbeatMs = gaps.length ? median(gaps) : NaN;
    const beatsAnHour = 3_600_000 / heartbeatMs;
    const streams = opening.streams;
    const openingBytes = (opening.sum.head + opening.sum.retry) / streams;
    const heartbeatBytes = (quiet.sum.heartbeat + busy.sum.heartbeat) / Math.max(1, quiet.frames.heartbeat + busy.frames.heartbeat);
    const messageBytes = busy.sum.message / Math.max(1, busy.frames.message);
    const longestBytes = longest.sum.message / Math.max(1, longest.frames.message);
    const quietHour = openingBytes + beatsAnHour * heartbeatBytes;
    const busyHour = openingBytes + beatsAnHour * heartbeatBytes + 600 * messageBytes;
    const cpuOf = (a, b, s) => ({ server: (b.server - a.server) / s, clients: b.clients.map((c, i) => (c - a.clients[i]) / s) });
    return {
      listeners,
      streams,
      openErrors,
      closed: ended.closed,
      opening: { head: opening.sum.head / streams, retry: opening.sum.retry / streams, bytes: openingBytes },
      quiet: { seconds: quietS, median: median(quiet.totals), max: quiet.totals.at(-1), directHour: openingBytes + (median(quiet.totals) * 3600) / quietS, load: quietLoad, cpu: cpuOf(quietCpu0, quietCpu1, quietS), lag: quiet.lag },
      busy: { seconds: busyS, messages: sent.length, median: median(busy.totals), directHour: openingBytes + (median(busy.totals) * 3600) / busyS, load: busyLoad, cpu: cpuOf(busyCpu0, busyCpu1, busyS), lag: busy.lag, postMs: median(sent.map((s) => s.answeredMs)) },
      heartbeatMs,
      heartbeatBytes,
      messageBytes,
      longestBytes,
      longestHour: quietHour + 600 * longestBytes,
      serverCpuMsPerMessage: (busyCpu1.server - busyCpu0.server) * 1000 / sent.length,
      messageText: median(busy.frameSizes),
      quietHour,
      busyHour,
      latency: { p50: quantile(latencies, 0.5), p95: quantile(latencies, 0.95), p99: quantile(latencies, 0.99), max: latencies.at(-1), deliveries: latencies.length, missing, slowestMessage: Math.max(...perMessage), first: median(firsts), spread: median(spreads) },
      history,
      other: busy.frames.other,
    };
  } finally {
    await Promise.all(clients.map((c) => c.call('close', {}, 10_000).catch(() => {})));
    for (const c of clients) c.child.disconnect?.();
    await stopChild(server.child, 20_000);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const kb = (b) => `${(b / 1024).toFixed(2)} KB`;
const ms = (v) => `${Math.round(v)} ms`;

/** bench/run.mjs's rows: [figure, budget, measured, pass]. */
export function chatRows(r) {
  const B = CHAT_BUDGET;
  const errors = r.openErrors + r.latency.missing + r.closed;
  const clientCpu = (c) => c.clients.map((x) => `${(x * 100).toFixed(0)} %`).join(' + ');
  return [
    [`Chat: ${r.streams} listeners, message → every listener p99`, `≤ ${B.p99Ms} ms`, `${ms(r.latency.p99)} (p50 ${ms(r.latency.p50)}, p95 ${ms(r.latency.p95)}, max ${ms(r.latency.max)}; ${r.latency.deliveries} deliveries of ${r.busy.messages} messages; first stream ${ms(r.latency.first)}, first to last ${ms(r.latency.spread)} (medians of the messages); POST answered in ${ms(r.busy.postMs)} median; server CPU ${(r.busy.cpu.server * 100).toFixed(0)} % of a core, ${ms(r.serverCpuMsPerMessage)} a message with the heartbeats, clients ${clientCpu(r.busy.cpu)}, client loop lag p99/max ${r.busy.lag.join(', ')} ms; load ${r.busy.load})`, r.latency.p99 <= B.p99Ms],
    [`Chat: ${r.streams} listeners, errors`, '0', `${errors} (open ${r.openErrors}, deliveries missing ${r.latency.missing}, streams closed ${r.closed})`, errors === 0],
    ['Chat: open and quiet, bytes per listener-hour', `≤ ${kb(B.quietHourBytes)}`, `${kb(r.quietHour)} (${Math.round(r.opening.bytes)} B opening + ${(3_600_000 / r.heartbeatMs).toFixed(0)} × ${r.heartbeatBytes.toFixed(1)} B heartbeat every ${(r.heartbeatMs / 1000).toFixed(1)} s; measured over ${r.quiet.seconds.toFixed(0)} s: ${kb(r.quiet.directHour)} an hour; load ${r.quiet.load})`, r.quietHour <= B.quietHourBytes],
    ['Chat: 10 messages a minute, bytes per listener-hour', `≤ ${kb(B.busyHourBytes)}`, `${kb(r.busyHour)} (the quiet hour + 600 × ${r.messageBytes.toFixed(1)} B a message frame; measured over ${r.busy.seconds.toFixed(0)} s: ${kb(r.busy.directHour)} an hour; load ${r.busy.load})`, r.busyHour <= B.busyHourBytes],
  ];
}

export function chatNote(r) {
  return (
    `Chat (bench/chat.mjs, its own server, ${r.streams} streams from ${CLIENTS} client processes on raw sockets): bytes as received on the socket (status line, headers, chunk framing, body; request bytes and TLS not counted). ` +
    `Opening ${Math.round(r.opening.head)} B headers + ${Math.round(r.opening.retry)} B retry line; a message frame ${r.messageBytes.toFixed(1)} B on the wire for ${r.messageText} B of SSE text (median; the bench's 20 lines of 7 to 94 characters). ` +
    `At the longest a message can be (30-character name, 280 characters of text) a frame is ${r.longestBytes.toFixed(0)} B, an hour of 600 such ${kb(r.longestHour)}. ` +
    `Not in the hour: reading the history on opening and on each reconnect (GET /api/chat/messages, ${r.busy.messages} messages, ${r.history.encoding}): ${r.history.bytes} B.`
  );
}

if (process.argv[1] === SELF) {
  const r = await chatBench({ listeners: Number(process.argv[2] || CHAT_BUDGET.listeners) });
  console.log(JSON.stringify(r, null, 1));
  for (const [figure, budget, measured, pass] of chatRows(r)) console.log(`${pass ? '✓' : '✗'} ${figure}: ${measured} (budget ${budget})`);
  console.log(chatNote(r));
}
