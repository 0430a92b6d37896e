// Issue 7, the API figures of `npm run bench` (bench/run.mjs): autocannon against our server and
// against a bare node:http server answering the same bytes from memory, in the same run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './first-sound.mjs';
import { bounded } from './lib/compiled-server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const API_PATHS = ['/api/np', '/api/shows', '/api/artists?approved=true'];
export const AUTOCANNON_SECONDS = Number(process.env.BENCH_SECONDS || 5);
/**
 * Rounds of ours then bare (or bare then ours, in turn) per path: the ratio of each round is
 * taken from two runs seconds apart, and the figure is the median of the rounds'. One run of
 * each read 51 % in a full run where the same server alone read 64-86 % minutes later: the
 * host's load moves between two runs (bench/HISTORY.md, twentieth session).
 */
export const THROUGHPUT_ROUNDS = Number(process.env.BENCH_THROUGHPUT_ROUNDS || 3);

export async function throughput(base, { row }) {
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
      const rounds = [];
      for (let i = 0; i < THROUGHPUT_ROUNDS; i++) {
        // Each first in turn: the second run of a pair met a warmer (or busier) host.
        const round = {};
        for (const who of i % 2 === 0 ? ['ours', 'yardstick'] : ['yardstick', 'ours']) round[who] = await run((who === 'ours' ? base : bareBase) + p);
        rounds.push(round);
      }
      const ratios = rounds.map((r) => r.ours.requests.average / r.yardstick.requests.average);
      const ratio = median(ratios);
      const errors = rounds.reduce((n, { ours }) => n + ours.errors + ours.timeouts + ours.non2xx, 0);
      const p99 = Math.max(...rounds.map((r) => r.ours.latency.p99));
      const perSecond = (key) => Math.round(median(rounds.map((r) => r[key].requests.average)));
      row(
        `API ${p}: throughput vs bare node:http`,
        '≥ 60 %',
        `${(ratio * 100).toFixed(0)} % (median of ${ratios.map((x) => `${(x * 100).toFixed(0)} %`).join(', ')}; ${perSecond('ours')} vs ${perSecond('yardstick')} req/s, medians)`,
        ratio >= 0.6,
      );
      row(`API ${p}: p99 latency`, '< 100 ms', `${p99} ms (the worst of ${rounds.length} runs)`, p99 < 100);
      row(`API ${p}: errors`, '0', `${errors} in ${rounds.length} runs (errors ${rounds.reduce((n, r) => n + r.ours.errors, 0)}, timeouts ${rounds.reduce((n, r) => n + r.ours.timeouts, 0)}, non-2xx ${rounds.reduce((n, r) => n + r.ours.non2xx, 0)})`, errors === 0);
    }
  } finally {
    bare.kill('SIGTERM');
    fs.rmSync(file, { force: true });
  }
}
