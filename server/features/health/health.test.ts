import http from 'node:http';
import os from 'node:os';
import knexFactory from 'knex';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../app';
import { readConfig } from '../../config';
import { createTestApp, describeEachEngine, PG_URL, type Engine, type TestApp } from '../../test/test-app';

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
