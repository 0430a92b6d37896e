import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll } from 'vitest';
import { buildCompiledServer, startCompiledServer, type CompiledServer } from './compiled-server';
import { freshPgDatabase, type FreshDatabase } from './fresh-database';
import { ADMIN_KEY } from './test-app';

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
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-processes-`));
  const database = await freshPgDatabase(prefix);
  const servers: CompiledServer[] = [];
  const db = knexFactory({ client: 'pg', connection: database.url, pool: { min: 0, max: 2 } });
  const stop = async () => {
    for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    await db.destroy();
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const { entry } = await buildCompiledServer(`${prefix}-processes-build-`);
    const all = {
      DATABASE_URL: database.url,
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

/**
 * The suite's two processes: started before its tests (`setupTimeoutMs` for building and
 * starting both), stopped and their database dropped after them. Answers a getter.
 */
export function useTwoProcesses(
  prefix: string,
  env: Record<string, string> = {},
  options: { startTimeoutMs?: number; setupTimeoutMs?: number } = {},
): () => TwoProcesses {
  let pair: TwoProcesses | null = null;
  beforeAll(async () => {
    pair = await startTwoProcesses(prefix, env, options);
  }, options.setupTimeoutMs ?? 120_000);
  afterAll(async () => {
    await pair?.stop();
  });
  return () => {
    if (!pair) throw new Error('the two processes have not started');
    return pair;
  };
}

/**
 * For suites that start their compiled server processes themselves: the build (in `dir`, which
 * holds `entry`) and a fresh PostgreSQL database, made before the suite's later hooks and
 * removed after them. Answers a getter.
 */
export function useBuildAndDatabase(buildPrefix: string, databasePrefix: string): () => { dir: string; entry: string; database: FreshDatabase } {
  let made: { dir: string; entry: string; database: FreshDatabase } | null = null;
  let dir = '';
  let database: FreshDatabase | null = null;
  beforeAll(async () => {
    const build = await buildCompiledServer(buildPrefix);
    dir = build.dir;
    database = await freshPgDatabase(databasePrefix);
    made = { dir, entry: build.entry, database };
  }, 120_000);
  afterAll(async () => {
    await database?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    if (!made) throw new Error('the build and database are not ready');
    return made;
  };
}
