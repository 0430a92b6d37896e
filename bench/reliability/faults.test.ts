import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  boundedFetch,
  checkBuild,
  freshDatabase,
  nextAddress,
  postPrayer,
  sleep,
  startServer,
  stopServer,
  storedPrayers,
  type Engine,
} from './helpers';
import { approvedPrayerIds, runWorkload, summary } from './workload';

let dir = '';
beforeAll(() => {
  checkBuild();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'radio-rel-faults-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const ENGINES = ['sqlite', 'postgres'] as const;

describe('kill -9 during a burst of writes', () => {
  it.for(ENGINES)('%s: the database opens clean on restart and every write answered 201 is there', async (engine: Engine, { task }) => {
    const database = await freshDatabase(engine, dir, 'crash');
    const env = { DATABASE_URL: database.url, UPLOAD_DIR: path.join(dir, `up-crash-${engine}`) };
    try {
      const server = await startServer(env);
      const acknowledged: string[] = [];
      const early: number[] = [];
      let cut = 0;
      let killed = false;
      const workers = Array.from({ length: 40 }, async (_, w) => {
        for (let i = 0; !killed && i < 500; i++) {
          try {
            const res = await postPrayer(server.url, `crash test ${w}-${i}`);
            if (res.status === 201 && res.id) acknowledged.push(res.id);
            else if (!killed) early.push(res.status);
          } catch {
            cut += 1; // connection reset by the kill: never acknowledged, may or may not be stored
          }
          if (!killed && acknowledged.length >= 400) {
            killed = true;
            server.child.kill('SIGKILL'); // 39 other writes are in flight right now
          }
        }
      });
      await Promise.all(workers);
      await server.exit;
      expect(killed).toBe(true);
      expect(server.child.signalCode).toBe('SIGKILL');
      expect(early, 'no answer but 201 before the kill').toEqual([]);

      const again = await startServer(env);
      let healthAfter = 0;
      let writeAfter = 0;
      let exitAfter: number | null = null;
      try {
        healthAfter = (await boundedFetch(`${again.url}/api/health`)).status;
        writeAfter = (await postPrayer(again.url, 'after the crash')).status;
      } finally {
        exitAfter = await stopServer(again);
      }
      const { ids, integrity } = await storedPrayers(database.url);
      const missing = acknowledged.filter((id) => !ids.has(id));
      task.meta.figures = [
        `${acknowledged.length} writes answered 201 by 40 writers before SIGKILL, ${cut} cut by it; after restart: health ${healthAfter}, a new write ${writeAfter}, ${ids.size} rows, missing ${missing.length}${engine === 'sqlite' ? `, PRAGMA integrity_check ${integrity}` : ''}; exit after SIGTERM ${exitAfter}`,
      ];
      console.log(task.meta.figures[0]);
      expect(healthAfter).toBe(200);
      expect(writeAfter).toBe(201);
      expect(exitAfter).toBe(0);
      expect(integrity).toBe('ok');
      expect(missing).toEqual([]);
    } finally {
      await database.drop();
    }
  });
});

/** A POST whose body is only half sent: in flight at the server until `finish()`. */
function heldPost(port: number, body: string): { answer: Promise<{ status: number; id?: string }>; finish: () => void } {
  let finish = () => {};
  const answer = new Promise<{ status: number; id?: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
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
    req.write(body.slice(0, 10));
    finish = () => req.end(body.slice(10));
  });
  return { answer, finish };
}

describe('SIGTERM under load', () => {
  it.for(ENGINES)(
    '%s: 50 clients of mixed load plus 50 half-sent writes; SIGTERM: every started request answered, every 201 stored, exit 0',
    async (engine: Engine, { task }) => {
      const database = await freshDatabase(engine, dir, 'graceful');
      try {
        const server = await startServer({ DATABASE_URL: database.url, DEMO_DATA: 'on', UPLOAD_DIR: path.join(dir, `up-graceful-${engine}`) });
        const heartIds = (await approvedPrayerIds(server.url)).slice(0, 4).map((p) => p.id);
        let exited = false;
        void server.exit.then(() => (exited = true));
        const load = runWorkload({ base: server.url, concurrency: 50, seconds: 60, stop: () => exited, heartIds, label: 'graceful', timeoutMs: 30_000 });
        await sleep(3000);
        const held = Array.from({ length: 50 }, (_, i) => heldPost(server.port, JSON.stringify({ text: `graceful shutdown prayer number ${i}` })));
        await sleep(500); // every held request has reached the server
        const sigtermAt = Date.now();
        server.child.kill('SIGTERM');
        await sleep(300);
        held.forEach((h) => h.finish());
        const heldResults = await Promise.all(held.map((h) => h.answer));
        const code = await server.exit;
        const shutdownMs = Date.now() - sigtermAt;
        const result = await load;
        const s = summary(result);
        const { ids, integrity } = await storedPrayers(database.url);
        const acknowledged = [...result.acknowledged, ...heldResults.filter((r) => r.status === 201).map((r) => r.id!)];
        const missing = acknowledged.filter((id) => !ids.has(id));
        const errorsBeforeSigterm = result.firstErrorAt !== null && result.firstErrorAt < sigtermAt ? result.errors : 0;
        task.meta.figures = [
          `Load: ${result.requests} answers (${s.statuses}; 5xx ${s.fiveXx}; other than expected ${[...result.unexpected].map(([k, c]) => `${k} ×${c}`).join(', ') || 'none'}); refused or reset once closing: ${result.errors} (before SIGTERM: ${errorsBeforeSigterm})`,
          `Half-sent writes completed after SIGTERM: ${heldResults.filter((r) => r.status === 201).length}/50 answered 201; writes answered 201 in all ${acknowledged.length}, missing ${missing.length}${engine === 'sqlite' ? `, integrity_check ${integrity}` : ''}; exit code ${code} ${shutdownMs} ms after SIGTERM`,
        ];
        console.log(task.meta.figures.join('\n'));
        expect(heldResults.map((r) => r.status)).toEqual(held.map(() => 201));
        expect(code).toBe(0);
        expect(shutdownMs).toBeLessThan(20_000);
        expect(s.fiveXx).toBe(0);
        expect(Object.fromEntries(result.unexpected)).toEqual({});
        expect(errorsBeforeSigterm).toBe(0);
        expect(result.acknowledged.length).toBeGreaterThan(0);
        expect(integrity).toBe('ok');
        expect(missing).toEqual([]);
      } finally {
        await database.drop();
      }
    },
  );
});
