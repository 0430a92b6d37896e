// Issue 7, the API figures of `npm run bench` (bench/run.mjs): autocannon against our server and
// against a bare node:http server answering the same bytes from memory, in the same run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bounded } from './lib/compiled-server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const API_PATHS = ['/api/np', '/api/shows', '/api/artists?approved=true'];
export const AUTOCANNON_SECONDS = Number(process.env.BENCH_SECONDS || 10);

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
