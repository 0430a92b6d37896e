import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import request from 'supertest';
import { afterAll, beforeAll, describe } from 'vitest';
import { createApp } from '../app';
import { DEFAULT_LIMITS, type Config } from '../config';
import { createDb, type Db } from '../db/knex';
import { migrateLatest } from '../db/migrations';
import { listenLocally } from './listen-locally';
import { collectingLogger } from './log-lines';

export const ADMIN_KEY = 'test-admin-key-0123456789';

export type Engine = 'sqlite' | 'postgres';
export const PG_URL = process.env.TEST_DATABASE_URL;

export interface TestApp {
  engine: Engine;
  db: Db;
  config: Config;
  url: string;
  /** Test clock: the app reads time from here. */
  clock: { now: number; advance(ms: number): void };
  /** What the app logged (JSON lines, server/ops/logger.ts): kept here rather than on stdout. */
  log: string[];
  /** supertest against the real app on a real socket. */
  http: () => ReturnType<typeof request>;
  close(): Promise<void>;
}

let addressCounter = 0;
/** A fresh client address per call, so rate limits of one test never reach another. */
export function freshAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** POST `body` as it is, with its own Content-Type, from an address the rate limit has not seen yet. */
export function postRaw(app: TestApp, path: string, contentType: string, body: string | Buffer) {
  return app.http().post(path).set('X-Forwarded-For', freshAddress()).set('Content-Type', contentType).send(body);
}

/** A server's configuration for tests: the known admin key, files under `dir`, no request log. */
export function testConfig(dir: string, databaseUrl: string, overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl,
    adminKey: ADMIN_KEY,
    adminKeyGenerated: false,
    demoData: false,
    uploadDir: path.join(dir, 'uploads'),
    trustProxy: true,
    appDir: null,
    manifestPath: path.resolve(import.meta.dirname, '..', '..', 'manifest.webmanifest'),
    limits: { ...DEFAULT_LIMITS },
    logRequests: false,
    // The suites' stand-in stations listen on 127.0.0.1; the guard's own suites turn this off.
    upstreamAllowPrivate: true,
    publicUrl: null,
    ...overrides,
  };
}

export async function createTestApp(engine: Engine, overrides: Partial<Config> = {}): Promise<TestApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'radio-test-'));
  let db: Db;
  let dropSchema: (() => Promise<void>) | null = null;
  if (engine === 'postgres') {
    if (!PG_URL) throw new Error('TEST_DATABASE_URL is not set');
    // Each run in its own schema, so parallel files and reruns never see each other.
    const schema = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const admin = knexFactory({ client: 'pg', connection: PG_URL, pool: { min: 0, max: 1 } });
    await admin.raw(`create schema ${schema}`);
    await admin.destroy();
    db = createDb(PG_URL, { searchPath: schema });
    dropSchema = async () => {
      const a = knexFactory({ client: 'pg', connection: PG_URL, pool: { min: 0, max: 1 } });
      await a.raw(`drop schema if exists ${schema} cascade`);
      await a.destroy();
    };
  } else {
    db = createDb(`sqlite:${path.join(dir, 'test.sqlite3')}`);
  }
  await migrateLatest(db);

  const databaseUrl = engine === 'postgres' ? PG_URL! : `sqlite:${path.join(dir, 'test.sqlite3')}`;
  // Suites write the database directly and read it back at once; the kept-answer suite
  // (http/public-answers.test.ts) turns keeping on.
  const config = testConfig(dir, databaseUrl, { publicAnswerTtlMs: 0, ...overrides });
  const clock = {
    now: Date.now(),
    advance(ms: number) {
      this.now += ms;
    },
  };
  const { logger, lines } = collectingLogger();
  const app = createApp({ db, config, now: () => clock.now, logger });
  const server = http.createServer(app.callback());
  const url = await listenLocally(server);
  return {
    engine,
    db,
    config,
    url,
    clock,
    log: lines,
    http: () => request(url),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.destroy();
      if (dropSchema) await dropSchema();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs the same suite on SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL.
 * Without it the PostgreSQL copy is reported as skipped, never silently dropped.
 */
export function describeEachEngine(title: string, suite: (t: () => TestApp) => void, overrides: Partial<Config> = {}): void {
  for (const engine of ['sqlite', 'postgres'] as const) {
    const skip = engine === 'postgres' && !PG_URL;
    describe.skipIf(skip)(`${title} [${engine}]`, () => {
      let testApp: TestApp | undefined;
      beforeAll(async () => {
        testApp = await createTestApp(engine, overrides);
      });
      afterAll(async () => {
        await testApp?.close();
      });
      suite(() => {
        if (!testApp) throw new Error('test app not started');
        return testApp;
      });
    });
  }
}
