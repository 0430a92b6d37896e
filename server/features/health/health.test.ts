import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../app';
import { readConfig } from '../../config';
import { createTestApp, describeEachEngine, PG_URL, type Engine, type TestApp } from '../../test/test-app';
import { collectingLogger } from '../../test/log-lines';

describeEachEngine('health', (t) => {
  it('answers {"ok":true} while the database is up', async () => {
    const res = await t().http().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  it('answers on both tenants', async () => {
    const res = await t().http().get('/api/health?tenant=caribbean');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });
});

describe('health with the database gone', () => {
  const servers: http.Server[] = [];
  const apps: TestApp[] = [];
  // 5xx answers are logged to stderr on purpose; keep the test output quiet.
  beforeEach(() => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    for (const s of servers.splice(0)) {
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    }
    for (const a of apps.splice(0)) await a.close();
  });

  const engines: Engine[] = PG_URL ? ['sqlite', 'postgres'] : ['sqlite'];

  it.each(engines)('answers 503 JSON once the %s pool is destroyed', async (engine) => {
    const app = await createTestApp(engine);
    apps.push(app);
    expect((await app.http().get('/api/health')).status).toBe(200);
    await app.db.destroy();
    const res = await app.http().get('/api/health');
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ error: expect.any(String) });
    expect(res.text).not.toMatch(/at .*\.ts|stack/i);
  });

  it('answers 503 JSON when PostgreSQL refuses connections (closed port)', async () => {
    // A port that was just listening and is now closed refuses at once.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const address = probe.address();
    const port = typeof address === 'object' && address ? address.port : 1;
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    const db = knexFactory({
      client: 'pg',
      connection: { host: '127.0.0.1', port, user: 'nobody', database: 'nothing', connectionTimeoutMillis: 2000 },
      pool: { min: 0, max: 1 },
      acquireConnectionTimeout: 3000,
      // The refused connection is the point of the test; keep knex from printing it.
      log: { warn: () => {}, error: () => {}, debug: () => {}, deprecate: () => {} },
    });
    try {
      const app = createApp({
        db,
        // readConfig keeps up with new Config fields; only the database matters here.
        config: {
          ...readConfig({ DATABASE_URL: `postgres://nobody@127.0.0.1:${port}/nothing`, ADMIN_KEY: 'unused-key-for-this-test', NODE_ENV: 'test' }, os.tmpdir()),
          appDir: null,
          logRequests: false,
        },
      });
      const server = http.createServer(app.callback());
      servers.push(server);
      const res = await request(server).get('/api/health');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ error: expect.any(String) });
      expect(res.headers['retry-after']).toBeDefined();
    } finally {
      await db.destroy();
    }
  });
});

// GET /api/health/ready (docs/api.md "Health"): 200 with every check ok, or 503 naming the
// failing ones: the database, migrations not run, upload storage that takes no write.
describe('readiness', () => {
  const apps: TestApp[] = [];
  const servers: http.Server[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) {
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    }
    for (const a of apps.splice(0)) await a.close().catch(() => undefined);
  });
  const engines: Engine[] = PG_URL ? ['sqlite', 'postgres'] : ['sqlite'];

  /** The same database and config, served by an app whose log the test reads. */
  async function served(app: TestApp, config = app.config) {
    const log = collectingLogger();
    const server = http.createServer(createApp({ db: app.db, config, logger: log.logger }).callback());
    servers.push(server);
    return { get: () => request(server).get('/api/health/ready'), log };
  }

  it.each(engines)('answers 200 with every check ok [%s], and writes nothing to the upload storage', async (engine) => {
    const app = await createTestApp(engine);
    apps.push(app);
    const res = await app.http().get('/api/health/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, checks: { database: 'ok', migrations: 'ok', storage: 'ok' } });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(fs.readdirSync(app.config.uploadDir).filter((name) => !name.startsWith('.'))).toEqual([]);
  });

  it.each(engines)('answers 503 naming the database once the %s pool is closed', async (engine) => {
    const app = await createTestApp(engine);
    apps.push(app);
    await app.db.destroy();
    const res = await app.http().get('/api/health/ready');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ ok: false, error: 'Not ready: database, migrations', failing: ['database', 'migrations'], checks: { database: 'failing', migrations: 'unknown', storage: 'ok' } });
    expect(res.headers['retry-after']).toBeDefined();
  });

  it.each(engines)('answers 503 naming the migrations while one has not run [%s]', async (engine) => {
    const app = await createTestApp(engine);
    apps.push(app);
    // The newest migration forgotten: as a process of a newer build sees a database not yet migrated.
    const newest = (await app.db('knex_migrations').max({ name: 'name' }).first()) as { name: string };
    await app.db('knex_migrations').where({ name: newest.name }).delete();
    const { get, log } = await served(app);
    const res = await get();
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ ok: false, failing: ['migrations'], checks: { database: 'ok', migrations: 'pending', storage: 'ok' } });
    // The public answer names the check; the log says which migration.
    expect(JSON.stringify(res.body)).not.toContain(newest.name);
    expect(log.entries()).toContainEqual(expect.objectContaining({ level: 'warn', msg: 'not ready', check: 'migrations', error: `pending: ${newest.name}` }));
  });

  it('answers 503 naming the storage when the upload folder cannot be written', async () => {
    const app = await createTestApp('sqlite');
    apps.push(app);
    const blocked = path.join(path.dirname(app.config.uploadDir), 'uploads-gone');
    const { get, log } = await served(app, { ...app.config, uploadDir: blocked });
    // The storage made its folders at start; then the folder became a file, where nothing can
    // be written (even as root, which file modes would not stop).
    await expect.poll(() => fs.existsSync(path.join(blocked, '.resumable'))).toBe(true);
    fs.rmSync(blocked, { recursive: true });
    fs.writeFileSync(blocked, 'x');
    const res = await get();
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ ok: false, error: 'Not ready: storage', failing: ['storage'], checks: { database: 'ok', migrations: 'ok', storage: 'failing' } });
    expect(JSON.stringify(res.body)).not.toContain(blocked);
    expect(log.entries()).toContainEqual(expect.objectContaining({ msg: 'not ready', check: 'storage' }));
  });
});
