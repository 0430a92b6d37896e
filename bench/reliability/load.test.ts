import fs from 'node:fs';
import path from 'node:path';
import knexFactory from 'knex';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { boundedFetch, buildServer, nextAddress, PG_URL, startServer } from './helpers';

// Mixed read/write load against the demo data on SQLite. RELIABILITY_LOAD_SECONDS (default 60)
// and RELIABILITY_LOAD_CONCURRENCY (default 200) tune it; figures go to RESULTS.md.
const SECONDS = Number(process.env.RELIABILITY_LOAD_SECONDS ?? 60);
const CONCURRENCY = Number(process.env.RELIABILITY_LOAD_CONCURRENCY ?? 200);

let dir = '';
let entry = '';
beforeAll(async () => {
  ({ dir, entry } = await buildServer());
});
const sections: string[] = [];
afterAll(() => {
  fs.writeFileSync(
    path.join(import.meta.dirname, 'RESULTS.md'),
    ['# Reliability figures', '', `Latest \`npm run test:reliability\` load run (${new Date().toISOString()}), compiled server on 127.0.0.1, demo data.`, '', ...sections].join('\n'),
  );
  fs.rmSync(dir, { recursive: true, force: true });
});

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
};

const READS = ['/api/health', '/api/artists', '/api/tracks', '/api/np', '/api/settings', '/api/sponsors', '/api/shows', '/api/prayers?tenant=caribbean&approved=true', '/api/settings?tenant=caribbean'];

it.each(['sqlite', 'postgres'] as const)(`%s: ${CONCURRENCY} concurrent clients for ${SECONDS} s: zero 5xx, every acknowledged write stored, memory flat`, async (engine) => {
  const file = path.join(dir, 'load.sqlite3');
  let databaseUrl = `sqlite:${file}`;
  let pgName = '';
  if (engine === 'postgres') {
    pgName = `rel_load_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = knexFactory({ client: 'pg', connection: PG_URL, pool: { min: 0, max: 1 } });
    await admin.raw(`create database ${pgName}`);
    await admin.destroy();
    const u = new URL(PG_URL);
    u.pathname = `/${pgName}`;
    databaseUrl = u.toString();
  }
  const server = await startServer(entry, { DATABASE_URL: databaseUrl, DEMO_DATA: 'on', UPLOAD_DIR: path.join(dir, `uploads-${engine}`) });
  const statuses = new Map<number, number>();
  const acknowledged: string[] = [];
  const latencies: number[] = [];
  let errors = 0;
  let rssStart = 0;
  let rssPeak = 0;
  try {
    // Warm up, then take the starting memory.
    for (const p of READS) await boundedFetch(server.url + p);
    rssStart = rssMb(server.child.pid!);
    const until = Date.now() + SECONDS * 1000;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(server.child.pid!))), 1000);
    let n = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (Date.now() < until) {
          n += 1;
          const write = n % 5 === 0;
          const t0 = performance.now();
          try {
            const res = write
              ? await boundedFetch(`${server.url}/api/prayers?tenant=caribbean`, {
                  method: 'POST',
                  headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
                  body: JSON.stringify({ text: `load prayer ${n}` }),
                })
              : await boundedFetch(server.url + READS[n % READS.length]!, { headers: { 'x-forwarded-for': nextAddress() } });
            const body = (await res.json().catch(() => null)) as { id?: string } | null;
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            if (write && res.status === 201 && body?.id) acknowledged.push(body.id);
          } catch {
            errors += 1;
          }
          latencies.push(performance.now() - t0);
        }
      }),
    );
    clearInterval(sampler);
  } finally {
    const rssEnd = server.child.exitCode === null ? rssMb(server.child.pid!) : NaN;
    server.child.kill('SIGTERM');
    const code = await server.exit;
    latencies.sort((x, y) => x - y);
    const total = latencies.length;
    const pct = (p: number) => Math.round(latencies[Math.min(total - 1, Math.floor((total * p) / 100))] ?? 0);
    const db =
      engine === 'sqlite'
        ? knexFactory({ client: 'sqlite3', connection: { filename: file }, useNullAsDefault: true })
        : knexFactory({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 1 } });
    const ids = new Set(((await db('prayers').select('id')) as { id: string }[]).map((r) => r.id));
    const integrity =
      engine === 'sqlite' ? ((await db.raw('PRAGMA integrity_check')) as { integrity_check: string }[])[0]?.integrity_check : 'ok';
    await db.destroy();
    if (pgName) {
      const admin = knexFactory({ client: 'pg', connection: PG_URL, pool: { min: 0, max: 1 } });
      await admin.raw(`drop database if exists ${pgName} with (force)`);
      await admin.destroy();
    }
    const missing = acknowledged.filter((id) => !ids.has(id)).length;
    const fiveXx = [...statuses].filter(([s]) => s >= 500).reduce((a, [, c]) => a + c, 0);
    const report = [
      `## Load, ${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`,
      '',
      `- Workload: ${CONCURRENCY} concurrent clients for ${SECONDS} s; 4 reads (${READS.length} routes) to 1 write (POST /api/prayers)`,
      `- Requests: ${total} (${Math.round(total / SECONDS)}/s); network errors/timeouts: ${errors}`,
      `- Statuses: ${[...statuses].sort(([a], [b]) => a - b).map(([s, c]) => `${s}×${c}`).join(', ')}; 5xx: ${fiveXx}`,
      `- Latency ms: p50 ${pct(50)}, p95 ${pct(95)}, p99 ${pct(99)}, max ${pct(100)}`,
      `- Writes acknowledged 201: ${acknowledged.length}; missing afterwards: ${missing}${engine === 'sqlite' ? `; integrity_check: ${integrity}` : ''}`,
      `- Server RSS MB: start ${rssStart}, peak ${rssPeak}, end ${rssEnd}; exit code after SIGTERM: ${code}`,
      '',
    ].join('\n');
    sections.push(report);
    console.log(report);
    expect(fiveXx).toBe(0);
    expect(errors).toBe(0);
    expect(missing).toBe(0);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(integrity).toBe('ok');
    expect(code).toBe(0);
    // Generous: memory may grow with caches, but not without bound.
    expect(rssEnd).toBeLessThan(rssStart * 2 + 150);
  }
}, (SECONDS + 120) * 1000);
