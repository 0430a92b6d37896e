import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_KEY,
  boundedFetch,
  checkBuild,
  freshDatabase as newDatabase,
  nextAddress,
  postPrayer,
  sleep,
  startServer,
  stopServer as stop,
  storedPrayers,
  type Running,
} from './helpers';

// PostgreSQL only: two server processes sharing one database, and the database going away.
let dir = '';
const drops: (() => Promise<void>)[] = [];

async function freshDatabase(): Promise<string> {
  const db = await newDatabase('postgres', dir, 'pg');
  drops.push(db.drop);
  return db.url;
}

beforeAll(() => {
  checkBuild();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'radio-rel-pg-'));
});
afterAll(async () => {
  for (const drop of drops) await drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('two server processes on one PostgreSQL database', () => {
  let a: Running;
  let b: Running;
  beforeAll(async () => {
    const url = await freshDatabase();
    a = await startServer({ DATABASE_URL: url, UPLOAD_DIR: path.join(dir, 'up-a') });
    b = await startServer({ DATABASE_URL: url, UPLOAD_DIR: path.join(dir, 'up-b') });
  });
  afterAll(async () => {
    await stop(a);
    await stop(b);
  });

  const adminGet = (s: Running, key: string, ip: string) =>
    boundedFetch(`${s.url}/api/prayers?tenant=caribbean&approved=false`, { headers: { 'x-admin-key': key, 'x-forwarded-for': ip } });

  it('the admin lock-out counts wrong keys from both processes, at its edge', async ({ task }) => {
    const ip = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await adminGet(i % 2 ? b : a, `wrong-${i}`, ip)).status);
    expect(statuses).toEqual(Array(9).fill(401));
    // Nine failures: not yet locked out, on either process.
    expect((await adminGet(a, ADMIN_KEY, ip)).status).toBe(200);
    expect((await adminGet(b, 'wrong-9', ip)).status).toBe(401);
    // The tenth, counted by the other process: locked out everywhere, right key or not.
    for (const s of [a, b]) {
      const res = await adminGet(s, ADMIN_KEY, ip);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(typeof ((await res.json()) as { error: unknown }).error).toBe('string');
    }
    // Another address is not locked out.
    expect((await adminGet(b, ADMIN_KEY, nextAddress())).status).toBe(200);
    // A parallel burst of 30 wrong keys from a new address, split over both processes: still
    // locked after the tenth (no check-then-count race across processes lets more through).
    const burst = nextAddress();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => adminGet(i % 2 ? b : a, `burst-${i}`, burst).then((r) => r.status)));
    const wrongCounted = answers.filter((x) => x === 401).length;
    expect(answers.every((x) => x === 401 || x === 429)).toBe(true);
    expect((await adminGet(a, ADMIN_KEY, burst)).status).toBe(429);
    task.meta.figures = [`Lock-out over two processes: 9 failures → right key 200; 10th → 429 with Retry-After on both; parallel burst of 30 wrong keys: ${wrongCounted} answered 401 (one at a time per address across processes: an advisory lock), rest 429`];
    expect(wrongCounted).toBe(10);
  });

  it('the public write rate limit (20 a minute per route per address) holds across both, in sequence and in parallel', async ({ task }) => {
    const ip = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await postPrayer(i % 2 ? b.url : a.url, `rate ${i}`, { 'x-forwarded-for': ip })).status);
    expect(statuses).toEqual(Array(20).fill(201));
    expect((await postPrayer(a.url, 'over', { 'x-forwarded-for': ip })).status).toBe(429);
    expect((await postPrayer(b.url, 'over', { 'x-forwarded-for': ip })).status).toBe(429);
    // A different route from the same address has its own budget.
    const artist = await boundedFetch(`${b.url}/api/artists`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ name: 'Rate Artist', bio: 'Bio', countryCode: 'GY' }),
    });
    expect(artist.status).toBe(201);
    // 40 at once from one new address, half to each process: exactly 20 get through. (Unless
    // the minute turns during the burst: then the count starts again; retried once.)
    let created = 0;
    for (let attempt = 0; attempt < 2; attempt++) {
      const window = Math.floor(Date.now() / 60_000);
      const burst = nextAddress();
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => postPrayer(i % 2 ? b.url : a.url, `burst ${i}`, { 'x-forwarded-for': burst }).then((r) => r.status)),
      );
      expect(answers.every((x) => x === 201 || x === 429)).toBe(true);
      created = answers.filter((x) => x === 201).length;
      if (Math.floor(Date.now() / 60_000) === window) break;
    }
    task.meta.figures = [`Rate limit over two processes: 20 in sequence → 201, 21st → 429 on both; 40 in parallel from one address → ${created} × 201`];
    expect(created).toBe(20);
  });

  it('an idempotency key given to one process replays on the other, also when both get it at once', async ({ task }) => {
    const key = randomUUID();
    const text = `idempotent ${key}`;
    const first = await postPrayer(a.url, text, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    const again = await boundedFetch(`${b.url}/api/prayers?tenant=caribbean`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress(), 'idempotency-key': key },
      body: JSON.stringify({ text }),
    });
    expect(again.status).toBe(201);
    expect(((await again.json()) as { id: string }).id).toBe(first.id);
    const other = await postPrayer(b.url, `${text} changed`, { 'idempotency-key': key });
    expect(other.status).toBe(409);
    // One new key sent 20 times at once to both processes: one prayer, every 201 the same id,
    // the rest 409 "still being processed" (never a second row).
    const key2 = randomUUID();
    const text2 = `idempotent burst ${key2}`;
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => postPrayer(i % 2 ? b.url : a.url, text2, { 'idempotency-key': key2 })));
    expect(burst.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const ids = new Set(burst.filter((r) => r.status === 201).map((r) => r.id));
    expect(ids.size).toBe(1);
    const list = (await (await adminGet(a, ADMIN_KEY, nextAddress())).json()) as { text: string }[];
    expect(list.filter((p) => p.text === text)).toHaveLength(1);
    expect(list.filter((p) => p.text === text2)).toHaveLength(1);
    task.meta.figures = [
      `Idempotency over two processes: replay on the other → same id; other body → 409; one key ×20 at once over both → ${burst.filter((r) => r.status === 201).length} × 201 (one id), ${burst.filter((r) => r.status === 409).length} × 409, 1 row`,
    ];
  });
});

/** A TCP proxy to PostgreSQL that the test can cut and restore. */
function pgProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  return {
    get port() {
      return port;
    },
    up: listen,
    async cut() {
      const s = server;
      server = null;
      const closed = new Promise<void>((resolve) => (s ? s.close(() => resolve()) : resolve()));
      for (const sock of sockets) sock.destroy();
      await closed;
    },
  };
}

describe('the database goes away', () => {
  it('under load: 503 JSON while it is gone (health too, never hanging), recovery without a restart, every 201 kept', async ({ task }) => {
    const url = await freshDatabase();
    const pg = new URL(url);
    const proxy = pgProxy({ host: pg.hostname, port: Number(pg.port || 5432) });
    await proxy.up();
    const viaProxy = new URL(url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const server = await startServer({ DATABASE_URL: viaProxy.toString(), DEMO_DATA: 'on', UPLOAD_DIR: path.join(dir, 'up-away') });
    let proxyUp = true;
    try {
      const BOUND_MS = 20_000;
      const health = () => boundedFetch(`${server.url}/api/health`, {}, BOUND_MS);
      const data = () => boundedFetch(`${server.url}/api/prayers?tenant=caribbean&approved=true`, { headers: { 'x-forwarded-for': nextAddress() } }, BOUND_MS);
      expect((await health()).status).toBe(200);
      expect((await data()).status).toBe(200);

      // 8 clients throughout (health, a data route, new prayers): every answer is the expected
      // 200/201 or a 503 JSON error with Retry-After; none hangs past the bound.
      let phase: 'up' | 'down' | 'back' = 'up';
      let running = true;
      const seen: { phase: string; status: number; ms: number }[] = [];
      const bad: string[] = [];
      const acknowledged: string[] = [];
      const load = Array.from({ length: 8 }, async (_, i) => {
        let n = 0;
        while (running) {
          n += 1;
          const t0 = performance.now();
          const p = phase;
          const kind = i % 4 === 0 ? 'health' : i % 4 === 1 ? 'data' : 'write';
          try {
            const res =
              kind === 'health'
                ? await health()
                : kind === 'data'
                  ? await data()
                  : await boundedFetch(
                      `${server.url}/api/prayers?tenant=caribbean`,
                      {
                        method: 'POST',
                        headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
                        body: JSON.stringify({ text: `outage prayer ${i}-${n}` }),
                      },
                      BOUND_MS,
                    );
            const body = (await res.json()) as { error?: string; id?: string };
            const ok = kind === 'write' ? 201 : 200;
            if (res.status === ok) {
              if (kind === 'write' && body.id) acknowledged.push(body.id);
            } else if (res.status !== 503 || typeof body.error !== 'string' || !res.headers.get('retry-after')) {
              bad.push(`${kind} ${res.status} ${JSON.stringify(body)}`);
            }
            seen.push({ phase: p, status: res.status, ms: performance.now() - t0 });
          } catch (err) {
            bad.push(`${kind}: no answer within ${BOUND_MS} ms (${(err as Error).message})`);
          }
          await sleep(50);
        }
      });

      await sleep(1000);
      await proxy.cut();
      proxyUp = false;
      phase = 'down';
      const cutAt = Date.now();
      // Within a bound, both health and data routes answer 503.
      let firstHealth503 = NaN;
      let firstData503 = NaN;
      while ((Number.isNaN(firstHealth503) || Number.isNaN(firstData503)) && Date.now() - cutAt < 30_000) {
        if (Number.isNaN(firstHealth503) && (await health()).status === 503) firstHealth503 = Date.now() - cutAt;
        if (Number.isNaN(firstData503) && (await data()).status === 503) firstData503 = Date.now() - cutAt;
        await sleep(100);
      }
      await sleep(5_000); // gone for a while, under load
      expect(server.child.exitCode).toBeNull(); // still running

      await proxy.up();
      proxyUp = true;
      phase = 'back';
      const upAt = Date.now();
      let recoveredMs = NaN;
      while (Number.isNaN(recoveredMs) && Date.now() - upAt < 30_000) {
        if ((await health()).status === 200 && (await data()).status === 200) recoveredMs = Date.now() - upAt;
        else await sleep(100);
      }
      const after = await postPrayer(server.url, 'after the outage');
      await sleep(2_000); // the load runs on after recovery too
      running = false;
      await Promise.all(load);
      const down = seen.filter((x) => x.phase === 'down');
      const back = seen.filter((x) => x.phase === 'back' && x.status !== 503);
      const lateBack = seen.filter((x) => x.phase === 'back').slice(-8);
      const slowest = Math.max(...seen.map((x) => x.ms));
      const exitCode = await stop(server);
      const { ids } = await storedPrayers(url);
      const missing = acknowledged.filter((id) => !ids.has(id)).length;
      task.meta.figures = [
        `Connection to PostgreSQL cut (TCP proxy closed, as when the server stops) for ~${Math.round((upAt - cutAt) / 1000)} s under 8 clients (health, data, writes)`,
        `First 503 after the cut: /api/health ${firstHealth503} ms, data route ${firstData503} ms; while cut ${down.filter((x) => x.status === 503).length}/${down.length} answers 503 (JSON error, Retry-After), others the normal answer; slowest answer of the run ${Math.round(slowest)} ms (bound ${BOUND_MS}); answers of any other kind or none: ${bad.length}`,
        `Back ${recoveredMs} ms after the database returned (no restart); ${back.length} normal answers after it; a new write ${after.status}; writes answered 201 over the run ${acknowledged.length}, missing afterwards ${missing}; exit after SIGTERM ${exitCode}`,
      ];
      console.log(task.meta.figures.join('\n'));
      expect(bad).toEqual([]);
      expect(firstHealth503).toBeLessThan(15_000);
      expect(firstData503).toBeLessThan(15_000);
      expect(down.filter((x) => x.status === 503).length).toBeGreaterThan(0);
      expect(recoveredMs).toBeLessThan(15_000);
      expect(lateBack.every((x) => x.status !== 503)).toBe(true);
      expect(after.status).toBe(201);
      expect(missing).toBe(0);
      expect(exitCode).toBe(0);
    } catch (err) {
      console.log(server.output().slice(-3000));
      throw err;
    } finally {
      await stop(server);
      if (proxyUp) await proxy.cut();
    }
  });
});
