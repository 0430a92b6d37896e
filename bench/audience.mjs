// Issue 45: 10,000 listeners' heartbeats on one process. The compiled server (its own, fresh
// SQLite database) gets 10,000 listening sessions started, then one minute in which each of
// them sends its heartbeat (POST /api/listening, as navigator.sendBeacon sends it: text/plain
// JSON, ~200 bytes), spread evenly over the minute as real listeners' are. The server's CPU
// time over that minute (/proc/<pid>/stat utime+stime) is taken as a share of one core.
//
// The same minute against a bare node:http server that only parses each beacon and answers it
// (bench/lib/bare-beacon-server.mjs) is the yardstick printed beside.
//
// Run alone: node bench/audience.mjs [listeners]   (after npm run build:server)
// From bench/run.mjs: the "audience" section (BENCH_SKIP=audience skips it).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { startCompiledServer } from './lib/compiled-server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SELF = fileURLToPath(import.meta.url);
export const AUDIENCE_BUDGET_CPU_PERCENT = 5;
const WINDOW_MS = 60_000;
const UA = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

const cpuTicks = (pid) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
};
const TICKS_PER_S = 100;

function post(agent, url, body, address) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'User-Agent': UA, 'X-Forwarded-For': address, 'Content-Length': Buffer.byteLength(body) } }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * One server (`entry`) through the measured minute: the starts (not measured), then each
 * listener's heartbeat, spread evenly over 60 s. Answers the server's CPU over that minute.
 */
async function oneMinute(entry, listeners, what) {
  const server = await startCompiledServer({ root: ROOT, tmpPrefix: 'radio-bench-audience-', database: 'bench.sqlite3', env: { TRUST_PROXY: 'on' }, what, entry });
  server.child.stdout.resume();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const url = `${server.url}/api/listening`;
  // A carrier-grade NAT puts many listeners behind one address: 100 listeners an address here.
  const people = Array.from({ length: listeners }, (_, n) => ({ s: randomUUID(), i: randomUUID(), seq: 0, address: `10.45.${Math.floor(n / 100) >> 8}.${Math.floor(n / 100) & 255}` }));
  const beacon = (p, e) => JSON.stringify({ n: Date.now(), events: [{ s: p.s, i: p.i, e, seq: p.seq++, t: Date.now(), kind: 'live', country: 'GY' }] });
  try {
    let refused = 0;
    // The starts, 64 at a time (not measured).
    for (let k = 0; k < people.length; k += 64) {
      const answers = await Promise.all(people.slice(k, k + 64).map((p) => post(agent, url, beacon(p, 'start'), p.address)));
      refused += answers.filter((a) => a.status !== 202 || !a.text.includes('"accepted":1')).length;
    }
    const ticks0 = cpuTicks(server.child.pid);
    const t0 = Date.now();
    const gap = WINDOW_MS / people.length;
    const pending = [];
    for (let k = 0; k < people.length; k++) {
      const due = t0 + k * gap;
      const wait = due - Date.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      const p = people[k];
      pending.push(post(agent, url, beacon(p, 'beat'), p.address).then((a) => a.status !== 202 || !a.text.includes('"accepted":1')));
    }
    refused += (await Promise.all(pending)).filter(Boolean).length;
    const elapsed = Date.now() - t0;
    const cpuSeconds = (cpuTicks(server.child.pid) - ticks0) / TICKS_PER_S;
    return { elapsedMs: elapsed, cpuSeconds, cpuPercent: (cpuSeconds / (elapsed / 1000)) * 100, refused };
  } finally {
    agent.destroy();
    await server.stop();
  }
}

/** The compiled server, then the bare yardstick (bench/lib/bare-beacon-server.mjs) under the same minute. */
export async function audienceBench(listeners = 10_000) {
  // Without an entry: the compiled server, as startCompiledServer chooses it.
  const ours = await oneMinute(undefined, listeners, 'audience server');
  const bare = await oneMinute(path.join(ROOT, 'bench', 'lib', 'bare-beacon-server.mjs'), listeners, 'bare beacon server');
  return { listeners, ...ours, bare };
}

/** bench/run.mjs's row: [figure, budget, measured, pass]. */
export function audienceRow(r) {
  const measured = `${r.cpuPercent.toFixed(1)} % (${r.cpuSeconds.toFixed(1)} s in ${(r.elapsedMs / 1000).toFixed(0)} s; ${r.refused} refused); bare node:http answering the same beacons: ${r.bare.cpuPercent.toFixed(1)} %, ours ${(r.cpuPercent / r.bare.cpuPercent).toFixed(1)} ×`;
  return [`Audience: ${r.listeners} listeners' heartbeats, CPU of one core`, `≤ ${AUDIENCE_BUDGET_CPU_PERCENT} %`, measured, r.cpuPercent <= AUDIENCE_BUDGET_CPU_PERCENT && r.refused === 0];
}

if (process.argv[1] === SELF) {
  const r = await audienceBench(Number(process.argv[2] || 10_000));
  console.log(JSON.stringify(r));
  console.log(audienceRow(r).join(' | '));
}
