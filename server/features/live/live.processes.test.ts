import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompiledServer, startCompiledServer, type CompiledServer } from '../../test/compiled-server';
import { ADMIN_KEY, PG_URL } from '../../test/test-app';
import { ffmpegChildren } from '../../../bench/lib/processes.mjs';

async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

// Two server processes as `npm start` runs them, on one PostgreSQL database (docs/live-relay.md).
describe.skipIf(!PG_URL)('live relay: two server processes on one PostgreSQL [postgres]', () => {
  const dbName = `live_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'live-processes-'));
  const servers: CompiledServer[] = [];
  let db: Knex;
  let dbUrl: string;

  beforeAll(async () => {
    const admin = knexFactory({ client: 'pg', connection: PG_URL, pool: { min: 0, max: 1 } });
    await admin.raw(`create database ${dbName}`);
    await admin.destroy();
    const u = new URL(PG_URL!);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();
    const { entry } = await buildCompiledServer('live-processes-build-');
    const env = {
      DATABASE_URL: dbUrl,
      ADMIN_KEY,
      DEMO_DATA: 'off',
      UPLOAD_DIR: path.join(dir, 'uploads'),
      UPSTREAM_ALLOW_PRIVATE: 'on',
      TRUST_PROXY: 'on',
      NODE_ENV: 'test',
    };
    // One after the other: both migrate the same database.
    servers.push(await startCompiledServer(entry, env, { name: 'A' }));
    servers.push(await startCompiledServer(entry, env, { name: 'B' }));
    db = knexFactory({ client: 'pg', connection: dbUrl, pool: { min: 0, max: 2 } });
  }, 120_000);

  afterAll(async () => {
    for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    await db?.destroy();
    const admin = knexFactory({ client: 'pg', connection: PG_URL, pool: { min: 0, max: 1 } });
    await admin.raw(`drop database if exists ${dbName} with (force)`);
    await admin.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('run one relay between them; killing its process moves it to the other within 30 s; SIGTERM stops ffmpeg', async () => {
    const [a, b] = servers as [CompiledServer, CompiledServer];
    const headers = { 'x-admin-key': ADMIN_KEY, 'content-type': 'application/json' };
    const current = (await (await fetch(`${a.url}/api/settings`, { headers })).json()) as Record<string, unknown>;
    delete current.tenant;
    // Each process's own demo stream is the source (a path: fetched from the process itself).
    const put = await fetch(`${a.url}/api/settings`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...current, streamUrl: '/demo/stream', radioHtmlEmbed: '<p>on air</p>', liveRelay: true }),
    });
    expect(put.status).toBe(200);

    const holderPid = async () => {
      const row = (await db('live_leases').where({ tenant: 'watzhott' }).andWhere('expires_ms', '>', Date.now()).first('holder')) as { holder: string } | undefined;
      return row ? Number(row.holder.split(':')[1]) : null;
    };
    const first = await until('a lease holder', holderPid, 20_000);
    const [holder, other] = first === a.child.pid ? [a, b] : [b, a];
    expect(holder.child.pid).toBe(first);
    // Segments published by the holder are served by the other process too.
    const segmentsAt = async (server: CompiledServer) => {
      const res = await fetch(`${server.url}/live/low.m3u8`);
      return res.ok ? (await res.text()).split('\n').filter((l) => l.endsWith('.ts')) : [];
    };
    const before = await until('segments, served by the other process', async () => {
      const names = await segmentsAt(other);
      return names.length >= 2 && names;
    }, 30_000);
    expect(ffmpegChildren(holder.child.pid!)).toHaveLength(1);
    expect(ffmpegChildren(other.child.pid!)).toHaveLength(0);
    // Several passes of both supervisors later, still one relay.
    await sleep(6_000);
    expect(await holderPid()).toBe(holder.child.pid);
    expect(ffmpegChildren(other.child.pid!)).toHaveLength(0);

    const killedAt = Date.now();
    holder.child.kill('SIGKILL');
    await holder.exited;
    await until('the other process to take the relay', async () => (await holderPid()) === other.child.pid, 30_000);
    const takeover = Date.now() - killedAt;
    expect(takeover).toBeLessThanOrEqual(30_000);
    const after = await until('new segments after the take-over', async () => {
      const res = await fetch(`${other.url}/live/low.m3u8`);
      const text = await res.text();
      const names = text.split('\n').filter((l) => l.endsWith('.ts'));
      return names.length > before.length + 1 && text.includes('#EXT-X-DISCONTINUITY\n') && names;
    }, 30_000);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(ffmpegChildren(other.child.pid!)).toHaveLength(1);

    // SIGTERM: the process ends its ffmpeg and gives the lease up before it exits.
    const ffmpegPid = ffmpegChildren(other.child.pid!)[0]!;
    other.child.kill('SIGTERM');
    expect(await other.exited).toBe(0);
    expect(fs.existsSync(`/proc/${ffmpegPid}`) && !fs.readFileSync(`/proc/${ffmpegPid}/stat`, 'utf8').includes(') Z')).toBe(false);
    expect(await db('live_leases').where({ tenant: 'watzhott' }).first()).toBeUndefined();
    console.info(`live relay take-over after kill -9: ${takeover} ms`);
  }, 150_000);
});
