import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY, boundedFetch, buildServer, nextAddress, PG_URL, postPrayer, startServer, type Running } from './helpers';

let dir = '';
let entry = '';
const databases: string[] = [];

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function freshDatabase(): Promise<string> {
  const name = `rel_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = knexFactory({ client: 'pg', connection: PG_URL, pool: { min: 0, max: 1 } });
  await admin.raw(`create database ${name}`);
  await admin.destroy();
  databases.push(name);
  return name;
}

beforeAll(async () => {
  ({ dir, entry } = await buildServer());
});
afterAll(async () => {
  const admin = knexFactory({ client: 'pg', connection: PG_URL, pool: { min: 0, max: 1 } });
  for (const name of databases) await admin.raw(`drop database if exists ${name} with (force)`);
  await admin.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const stop = async (s: Running) => {
  if (s.child.exitCode !== null) return;
  s.child.kill('SIGTERM');
  await s.exit;
};

describe('two server processes on one PostgreSQL database', () => {
  let a: Running;
  let b: Running;
  beforeAll(async () => {
    const url = withDatabase(PG_URL, await freshDatabase());
    a = await startServer(entry, { DATABASE_URL: url, UPLOAD_DIR: path.join(dir, 'up-a') });
    b = await startServer(entry, { DATABASE_URL: url, UPLOAD_DIR: path.join(dir, 'up-b') });
  });
  afterAll(async () => {
    await stop(a);
    await stop(b);
  });

  const adminGet = (s: Running, key: string, ip: string) =>
    boundedFetch(`${s.url}/api/prayers?tenant=caribbean&approved=false`, { headers: { 'x-admin-key': key, 'x-forwarded-for': ip } });

  it('the admin lock-out counts wrong keys from both processes', async () => {
    const ip = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await adminGet(i % 2 ? b : a, `wrong-${i}`, ip)).status);
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(401));
    for (const s of [a, b]) {
      const res = await adminGet(s, ADMIN_KEY, ip);
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBeTruthy();
      expect(typeof ((await res.json()) as { error: unknown }).error).toBe('string');
    }
    // Another address is not locked out.
    expect((await adminGet(b, ADMIN_KEY, nextAddress())).status).toBe(200);
  });

  it('the public write rate limit (20 a minute per route per address) holds across both', async () => {
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
  });

  it('an idempotency key given to one process replays on the other', async () => {
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
    const list = (await (await adminGet(a, ADMIN_KEY, nextAddress())).json()) as { text: string }[];
    expect(list.filter((p) => p.text === text)).toHaveLength(1);
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
  it('answers 503 JSON while it is gone (never hangs), and recovers without a restart', async () => {
    const name = await freshDatabase();
    const pg = new URL(PG_URL);
    const proxy = pgProxy({ host: pg.hostname, port: Number(pg.port || 5432) });
    await proxy.up();
    const viaProxy = new URL(withDatabase(PG_URL, name));
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const server = await startServer(entry, { DATABASE_URL: viaProxy.toString(), UPLOAD_DIR: path.join(dir, 'up-away') });
    try {
      const health = () => boundedFetch(`${server.url}/api/health`, {}, 20_000);
      const data = () => boundedFetch(`${server.url}/api/prayers?tenant=caribbean&approved=true`, { headers: { 'x-forwarded-for': nextAddress() } }, 20_000);
      expect((await health()).status).toBe(200);
      expect((await data()).status).toBe(200);

      // Light load throughout: every answer is 200 or 503 JSON, none hangs past the bound.
      let phase: 'up' | 'down' | 'back' = 'up';
      let running = true;
      const seen: { phase: string; status: number }[] = [];
      const load = Array.from({ length: 4 }, async (_, i) => {
        while (running) {
          const res = await (i % 2 ? health() : data());
          const body = (await res.json()) as { error?: string };
          if (res.status !== 200) {
            expect(res.status).toBe(503);
            expect(typeof body.error).toBe('string');
          }
          seen.push({ phase, status: res.status });
          await new Promise((r) => setTimeout(r, 50));
        }
      });

      await new Promise((r) => setTimeout(r, 500));
      await proxy.cut();
      phase = 'down';
      const cutAt = Date.now();
      // Within a bound, both health and data routes answer 503.
      let healthDown = 0;
      let dataDown = 0;
      while ((healthDown === 0 || dataDown === 0) && Date.now() - cutAt < 30_000) {
        if ((await health()).status === 503) healthDown += 1;
        const d = await data();
        if (d.status === 503) dataDown += 1;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(healthDown).toBeGreaterThan(0);
      expect(dataDown).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 2_000));
      expect(server.child.exitCode).toBeNull(); // still running

      await proxy.up();
      phase = 'back';
      const upAt = Date.now();
      let recovered = false;
      while (!recovered && Date.now() - upAt < 30_000) {
        recovered = (await health()).status === 200 && (await data()).status === 200;
        if (!recovered) await new Promise((r) => setTimeout(r, 250));
      }
      expect(recovered).toBe(true);
      expect((await postPrayer(server.url, 'after the outage')).status).toBe(201);
      running = false;
      await Promise.all(load);
      const downStatuses = seen.filter((s) => s.phase === 'down').map((s) => s.status);
      expect(downStatuses.length).toBeGreaterThan(0);
      console.log(
        `db away: ${downStatuses.filter((s) => s === 503).length}/${downStatuses.length} answers 503 while cut; recovered ${Date.now() - upAt} ms after restore`,
      );
      expect(server.child.exitCode).toBeNull();
    } catch (err) {
      console.log(server.output().slice(-3000));
      throw err;
    } finally {
      await stop(server);
      await proxy.cut();
    }
  });
});
