import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, nextAddress, postPrayer, startServer } from './helpers';

let dir = '';
let entry = '';

beforeAll(async () => {
  ({ dir, entry } = await buildServer());
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function storedIds(file: string): Promise<{ ids: Set<string>; integrity: string }> {
  const db = knexFactory({ client: 'sqlite3', connection: { filename: file }, useNullAsDefault: true });
  try {
    const integrity = (await db.raw('PRAGMA integrity_check')) as { integrity_check: string }[];
    const rows = (await db('prayers').select('id')) as { id: string }[];
    return { ids: new Set(rows.map((r) => r.id)), integrity: integrity.map((r) => r.integrity_check).join(',') };
  } finally {
    await db.destroy();
  }
}

describe('SQLite under faults', () => {
  it('kill -9 during a burst of writes: the database opens clean and every 201 is there', async () => {
    const file = path.join(dir, 'crash.sqlite3');
    const env = { DATABASE_URL: `sqlite:${file}`, UPLOAD_DIR: path.join(dir, 'up-crash') };
    const server = await startServer(entry, env);
    const acknowledged: string[] = [];
    let failed = 0;
    let killed = false;
    const workers = Array.from({ length: 40 }, async (_, w) => {
      for (let i = 0; !killed && i < 200; i++) {
        try {
          const res = await postPrayer(server.url, `crash test ${w}-${i}`);
          if (res.status === 201 && res.id) acknowledged.push(res.id);
          else if (!killed) expect(res.status, 'no error answers before the kill').toBe(201);
        } catch {
          failed += 1; // connection reset by the kill: never acknowledged, may or may not be stored
        }
        if (!killed && acknowledged.length >= 300) {
          killed = true;
          server.child.kill('SIGKILL');
        }
      }
    });
    await Promise.all(workers);
    await server.exit;
    expect(killed).toBe(true);
    expect(acknowledged.length).toBeGreaterThanOrEqual(300);

    const again = await startServer(entry, env);
    try {
      const health = await fetch(`${again.url}/api/health`);
      expect(health.status).toBe(200);
      // Still takes writes after the crash.
      expect((await postPrayer(again.url, 'after the crash')).status).toBe(201);
    } finally {
      again.child.kill('SIGTERM');
      expect(await again.exit).toBe(0);
    }
    const { ids, integrity } = await storedIds(file);
    expect(integrity).toBe('ok');
    const missing = acknowledged.filter((id) => !ids.has(id));
    expect(missing).toEqual([]);
    console.log(`crash: ${acknowledged.length} acknowledged, ${failed} cut by the kill, ${ids.size} rows after restart, integrity ${integrity}`);
  });

  it('SIGTERM with 50 requests in flight: all complete with 2xx, exit 0, every 201 stored', async () => {
    const file = path.join(dir, 'graceful.sqlite3');
    const server = await startServer(entry, { DATABASE_URL: `sqlite:${file}`, UPLOAD_DIR: path.join(dir, 'up-graceful') });
    const bodies = Array.from({ length: 50 }, (_, i) => JSON.stringify({ text: `graceful shutdown prayer number ${i}` }));
    const sent: ((rest: string) => void)[] = [];
    const answers = bodies.map(
      (body) =>
        new Promise<{ status: number; id?: string }>((resolve, reject) => {
          const req = http.request(
            {
              host: '127.0.0.1',
              port: server.port,
              method: 'POST',
              path: '/api/prayers?tenant=caribbean',
              headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-forwarded-for': nextAddress() },
            },
            (res) => {
              let data = '';
              res.on('data', (d) => (data += d));
              res.on('end', () => resolve({ status: res.statusCode ?? 0, id: (JSON.parse(data || '{}') as { id?: string }).id }));
            },
          );
          req.setTimeout(30_000, () => req.destroy(new Error('timed out')));
          req.on('error', reject);
          // Half the body now: the request is in flight until the rest arrives.
          req.write(body.slice(0, 10));
          sent.push((rest) => req.end(rest));
        }),
    );
    await new Promise((r) => setTimeout(r, 500)); // every request reached the server
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    bodies.forEach((body, i) => sent[i]!(body.slice(10)));
    const results = await Promise.all(answers);
    expect(results.map((r) => r.status)).toEqual(bodies.map(() => 201));
    expect(await server.exit).toBe(0);
    const { ids, integrity } = await storedIds(file);
    expect(integrity).toBe('ok');
    expect(results.filter((r) => !ids.has(r.id!))).toEqual([]);
  });
});
