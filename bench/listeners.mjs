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
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_ADMIN_KEY, compiledServerEnv, freePort } from './lib/compiled-server.mjs';
import { serverNodeOptions } from './lib/server-node-options.mjs';
import { ipcCaller, stopChild } from './lib/processes.mjs';
import { listenersReport, listenersSection, writeSection } from './lib/listeners-report.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SELF = fileURLToPath(import.meta.url);
const BARE_SERVER = path.join(ROOT, 'bench', 'lib', 'listeners-bare-server.mjs');
const CLIENT = path.join(ROOT, 'bench', 'lib', 'listeners-client.mjs');
/** 10,000 streams plus the process's own files. */
const FILES_NEEDED = 10_500;
export const LISTENER_COUNTS = [1_000, 5_000, 10_000];

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
  const child = withFileLimit([...serverNodeOptions(ROOT), path.join(ROOT, 'dist', 'server', 'index.js')], {
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
  const child = withFileLimit([BARE_SERVER, eventsFile, String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  await waitForLine(child, /listening/, 10_000, 'bare server');
  return child;
}

/** The client process: raw sockets, a bounded number connecting at once. */
function startClient() {
  // bash execs node, which finds the IPC channel spawn opened (NODE_CHANNEL_FD).
  const child = withFileLimit([CLIENT], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return { call: ipcCaller(child, 'client'), stop: () => stopChild(child, 15_000) };
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
          await stopChild(ours, 15_000);
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
          await stopChild(bare, 15_000);
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

// ------------------------------------------------------------------ entry point

if (process.argv[1] === SELF) {
  const [sizes] = process.argv.slice(2);
  const counts = sizes ? sizes.split(',').map(Number) : LISTENER_COUNTS;
  const results = await listenersBench({ counts });
  const { rows, table } = listenersReport(results);
  for (const [figure, budget, measured, pass] of rows) console.log(`${pass ? '✓' : '✗'} ${figure}: ${measured} (budget ${budget})`);
  console.log('\n' + table);
  // A full run of every size, alone, replaces its section of bench/RESULTS.md.
  if (!sizes) writeSection(path.join(ROOT, 'bench', 'RESULTS.md'), listenersSection(table));
}
