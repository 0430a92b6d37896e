import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import type { Config } from '../config';
import { createDb, type Db } from '../db/knex';
import { migrateLatest } from '../db/migrations';
import { ADMIN_KEY, testConfig } from '../test/test-app';
import { listenLocally } from '../test/listen-locally';
import { collectingLogger } from '../test/log-lines';

// One pino line per request: time, level, request id, tenant, method, route pattern, status,
// duration, client address. Never the admin key, a cookie, a token, the query string, the raw
// path or a body. The log does not depend on the database, so SQLite only.

interface Running {
  url: string;
  server: http.Server;
  uploadDir: string;
  /** Request lines. */
  lines: string[];
  /** Everything else the app logged (500s with their stack). */
  errors: string[];
  db: Db;
  close(): Promise<void>;
}

async function start(overrides: Partial<Config> = {}): Promise<Running> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'radio-log-'));
  const databaseUrl = `sqlite:${path.join(dir, 'log.sqlite3')}`;
  const db = createDb(databaseUrl);
  await migrateLatest(db);
  const config = testConfig(dir, databaseUrl, { logRequests: true, ...overrides });
  const log = collectingLogger();
  const isRequest = (line: string) => 'durationMs' in (JSON.parse(line) as object);
  const app = createApp({ db, config, logger: log.logger });
  const server = http.createServer(app.callback());
  const url = await listenLocally(server);
  return {
    url,
    server,
    uploadDir: config.uploadDir,
    get lines() {
      return log.lines.filter(isRequest);
    },
    get errors() {
      return log.lines.filter((line) => !isRequest(line));
    },
    db,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('request log', () => {
  let app: Running;
  beforeAll(async () => {
    app = await start();
  });
  afterAll(async () => {
    await app?.close();
  });

  /** The lines written while fn ran, parsed. */
  async function logged(fn: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
    const from = app.lines.length;
    await fn();
    return app.lines.slice(from).map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  it('writes one JSON line per request: time, level, request id, tenant, method, route, status, duration, address', async () => {
    const entries = await logged(() => request(app.url).get('/api/np?tenant=caribbean').set('X-Forwarded-For', '203.0.113.7'));
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({ level: 'info', method: 'GET', route: '/api/np', status: 200, tenant: 'caribbean', address: '203.0.113.7' });
    expect(Date.parse(entry!.time as string)).toBeGreaterThan(0);
    expect(entry!.reqId).toEqual(expect.stringMatching(/^[\w-]{8,}$/));
    expect(typeof entry!.durationMs).toBe('number');
    expect(entry!.durationMs as number).toBeGreaterThanOrEqual(0);
  });

  it('names the route by its pattern, never by the raw path', async () => {
    const entries = await logged(() => request(app.url).get('/api/artists/0a1b2c3d-0000-4000-8000-00000000abcd'));
    expect(entries).toMatchObject([{ route: '/api/artists/:id', status: 404 }]);
    expect(JSON.stringify(entries)).not.toContain('00000000abcd');
  });

  it("keeps a proxy's plausible X-Request-Id, and makes its own otherwise", async () => {
    const [given] = await logged(() => request(app.url).get('/api/np').set('X-Request-Id', 'nginx-4f2a9c'));
    expect(given!.reqId).toBe('nginx-4f2a9c');
    // Another route: /api/np is now a kept answer, whose request line is at debug (docs/operations.md "Logs").
    const [made] = await logged(() => request(app.url).get('/api/shows').set('X-Request-Id', 'no spaces {or} braces'));
    expect(made!.reqId).not.toContain(' ');
  });

  it('logs the status actually sent, errors included', async () => {
    const missing = await logged(() => request(app.url).get('/api/nope'));
    expect(missing).toMatchObject([{ method: 'GET', route: '/api/(unmatched)', status: 404, tenant: 'watzhott' }]);
    const denied = await logged(() => request(app.url).put('/api/settings').send({}));
    expect(denied).toMatchObject([{ method: 'PUT', route: '/api/settings', status: 401 }]);
    const badJson = await logged(() =>
      request(app.url).post('/api/artists').set('Content-Type', 'application/json').send('{"broken":'),
    );
    expect(badJson).toMatchObject([{ method: 'POST', route: '/api/artists', status: 400 }]);
  });

  it('never logs the admin key, a wrong key, a cookie, a bearer token, an invite, the query string or a body', async () => {
    const from = app.lines.length;
    const fromErrors = app.errors.length;
    await request(app.url).get('/api/settings?tenant=caribbean&token=QUERY-SECRET').set('x-admin-key', ADMIN_KEY);
    await request(app.url).get('/api/settings').set('x-admin-key', 'WRONG-KEY-SECRET').set('Cookie', 'radio_admin=COOKIE-SECRET').set('Authorization', 'Bearer BEARER-SECRET');
    await request(app.url).post('/api/admin/invites/preview').set('X-Forwarded-For', '10.9.9.8').send({ token: 'INVITE-SECRET' });
    await request(app.url)
      .post('/api/prayers?tenant=caribbean')
      .set('X-Forwarded-For', '10.9.9.9')
      .send({ text: 'BODY-SECRET prayer for my family', nameOptional: 'NAME-SECRET' });
    await request(app.url)
      .post('/api/sponsors')
      .send({ name: 'Acme', tier: 'premium', targetUrl: null, notes: 'NOTES-SECRET call 555-0100', active: true });
    const text = [...app.lines.slice(from), ...app.errors.slice(fromErrors)].join('\n');
    expect(app.lines.length - from).toBe(5);
    for (const secret of [ADMIN_KEY, 'WRONG-KEY-SECRET', 'COOKIE-SECRET', 'BEARER-SECRET', 'INVITE-SECRET', 'QUERY-SECRET', 'token=', 'BODY-SECRET', 'NAME-SECRET', 'NOTES-SECRET', '555-0100']) {
      expect(text).not.toContain(secret);
    }
    for (const line of app.lines.slice(from)) {
      expect(Object.keys(JSON.parse(line)).sort()).toEqual(['address', 'durationMs', 'level', 'method', 'reqId', 'route', 'status', 'tenant', 'time']);
    }
  });

  it('redacts keys, cookies, tokens and invites even when a caller hands them to the logger', () => {
    const log = collectingLogger();
    log.logger.child({ name: 'push' }).warn({
      headers: { cookie: 'C-SECRET', authorization: 'Bearer A-SECRET', 'x-admin-key': 'K-SECRET' },
      token: 'T-SECRET',
      invite: 'I-SECRET',
      detail: { token: 'NESTED-SECRET' },
    });
    expect(log.lines.join('\n')).not.toMatch(/SECRET/);
    expect(log.entries()).toMatchObject([{ name: 'push', level: 'warn', token: '[redacted]' }]);
  });

  it('sends 500s to the error log with the stack, and the request line still says 500', async () => {
    await app.db.schema.dropTable('shows');
    const entries = await logged(async () => {
      const res = await request(app.url).get('/api/shows');
      expect(res.status).toBe(500);
      expect(res.text).toBe('{"error":"Internal error"}');
    });
    expect(entries).toMatchObject([{ method: 'GET', route: '/api/shows', status: 500 }]);
    const error = JSON.parse(app.errors.at(-1)!) as Record<string, unknown>;
    expect(error).toMatchObject({ level: 'error', name: 'http', method: 'GET', route: '/api/shows', status: 500 });
    expect(error.stack).toEqual(expect.stringContaining('no such table'));
  });
});

describe('a client that goes away mid-download', () => {
  it('is no server error: nothing on the error log or the console', async () => {
    const app = await start();
    const consoleError = vi.spyOn(console, 'error');
    try {
      fs.mkdirSync(app.uploadDir, { recursive: true });
      fs.writeFileSync(path.join(app.uploadDir, '0a1b2c3d-0000-4000-8000-000000000003.mp3'), Buffer.alloc(16 * 1024 * 1024, 1));
      const closed = new Promise<void>((resolve) => app.server.once('request', (_req, res) => res.once('close', () => resolve())));
      await new Promise<void>((resolve, reject) => {
        const req = http.get(`${app.url}/uploads/0a1b2c3d-0000-4000-8000-000000000003.mp3`, { agent: false }, (res) => {
          expect(res.statusCode).toBe(200);
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' ? resolve() : reject(err)));
      });
      await closed;
      // Let the server finish its side of the aborted pipe.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(app.errors).toEqual([]);
      expect(consoleError).not.toHaveBeenCalled();
      expect(app.lines.map((l) => JSON.parse(l) as { route: string })).toMatchObject([{ route: '/uploads/:name' }]);
    } finally {
      consoleError.mockRestore();
      await app.close();
    }
  });
});

describe('request log switched off', () => {
  it('writes nothing when config.logRequests is false', async () => {
    const app = await start({ logRequests: false });
    try {
      await request(app.url).get('/api/np');
      await request(app.url).get('/api/nope');
      expect(app.lines).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
