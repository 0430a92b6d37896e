import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { buildCompiledServer, startCompiledServer, type CompiledServer } from './compiled-server';
import { ADMIN_KEY, PG_URL } from './test-app';

export interface TwoProcesses {
  /** Server A and server B, started one after the other (both migrate the one database). */
  servers: CompiledServer[];
  /** A pool on their database, for the test to read what they wrote. */
  db: Knex;
  stop(): Promise<void>;
}

/**
 * Two compiled server processes as `npm start` runs them, on one fresh PostgreSQL database:
 * what "exactly once across processes" needs (the live relay's lease, the recorder's claim).
 * Only with TEST_DATABASE_URL; `env` adds to the processes' environment.
 */
export async function startTwoProcesses(prefix: string, env: Record<string, string> = {}, options: { startTimeoutMs?: number } = {}): Promise<TwoProcesses> {
  const dbName = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-processes-`));
  const admin = knexFactory({ client: 'pg', connection: PG_URL, pool: { min: 0, max: 1 } });
  await admin.raw(`create database ${dbName}`);
  await admin.destroy();
  const u = new URL(PG_URL!);
  u.pathname = `/${dbName}`;
  const servers: CompiledServer[] = [];
  const db = knexFactory({ client: 'pg', connection: u.toString(), pool: { min: 0, max: 2 } });
  const stop = async () => {
    for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    await db.destroy();
    const again = knexFactory({ client: 'pg', connection: PG_URL, pool: { min: 0, max: 1 } });
    await again.raw(`drop database if exists ${dbName} with (force)`);
    await again.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const { entry } = await buildCompiledServer(`${prefix}-processes-build-`);
    const all = {
      DATABASE_URL: u.toString(),
      ADMIN_KEY,
      DEMO_DATA: 'off',
      UPLOAD_DIR: path.join(dir, 'uploads'),
      UPSTREAM_ALLOW_PRIVATE: 'on',
      TRUST_PROXY: 'on',
      NODE_ENV: 'test',
      ...env,
    };
    servers.push(await startCompiledServer(entry, all, { name: 'A', timeoutMs: options.startTimeoutMs }));
    servers.push(await startCompiledServer(entry, all, { name: 'B', timeoutMs: options.startTimeoutMs }));
  } catch (err) {
    await stop();
    throw err;
  }
  return { servers, db, stop };
}
