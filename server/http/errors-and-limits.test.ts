import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { ADMIN_KEY, describeEachEngine, freshAddress, postRaw } from '../test/test-app';

// docs/api.md "Errors and limits": every non-2xx answer from /api/* is JSON {"error"}.

const artist = (extra: Record<string, unknown> = {}) => ({
  name: 'Kes the Band',
  bio: 'Soca from Trinidad',
  countryCode: 'TT',
  ...extra,
});

/** A raw request, for bodies, methods and headers supertest would tidy up. */
function raw(
  url: string,
  options: { method: string; path: string; headers?: Record<string, string>; body?: string | string[]; agent?: http.Agent },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${url}${options.path}`,
      { method: options.method, headers: options.headers, agent: options.agent ?? false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    const parts = typeof options.body === 'string' ? [options.body] : (options.body ?? []);
    for (const part of parts) req.write(part);
    req.end();
  });
}

describeEachEngine('errors and limits', (t) => {
  const countArtists = async () => Number((await t().db('artists').count({ n: '*' }).first())?.n);
  const postArtist = (contentType: string, body: string) => postRaw(t(), '/api/artists', contentType, body);

  it('answers malformed JSON with 400 JSON {error}', async () => {
    const res = await postArtist('application/json', '{"name": "Kes",');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ error: expect.any(String) });
  });

  it('answers a JSON body that is not an object with 400', async () => {
    for (const body of ['[1,2]', '"text"', '42', 'null']) {
      const res = await postArtist('application/json', body);
      expect(res.status, body).toBe(400);
      expect(typeof res.body.error, body).toBe('string');
    }
  });

  it('answers a text/plain body on a JSON route with 415 and stores nothing', async () => {
    const before = await countArtists();
    const res = await postArtist('text/plain', JSON.stringify(artist()));
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ error: expect.any(String) });
    expect(await countArtists()).toBe(before);
  });

  it('answers a body without a content type with 415', async () => {
    const res = await raw(t().url, {
      method: 'POST',
      path: '/api/artists',
      headers: { 'X-Forwarded-For': freshAddress(), 'Content-Length': '2' },
      body: '{}',
    });
    expect(res.status).toBe(415);
    expect(JSON.parse(res.text)).toEqual({ error: expect.any(String) });
  });

  it('accepts a JSON body of exactly 100 KB and refuses one byte more with 413', async () => {
    const limit = t().config.limits.jsonBodyBytes;
    const padded = (size: number) => {
      const base = JSON.stringify(artist({ pad: '' }));
      return JSON.stringify(artist({ pad: 'x'.repeat(size - base.length) }));
    };
    const atLimit = padded(limit);
    expect(Buffer.byteLength(atLimit)).toBe(limit);
    const ok = await postArtist('application/json', atLimit);
    expect(ok.status).toBe(201);
    const over = await postArtist('application/json', padded(limit + 1));
    expect(over.status).toBe(413);
    expect(over.body).toEqual({ error: expect.any(String) });
  });

  it('answers a 2 MB JSON body with 413 JSON and stores nothing', async () => {
    const before = await countArtists();
    const body = JSON.stringify(artist({ bio: 'x'.repeat(2 * 1024 * 1024) }));
    const res = await postArtist('application/json', body);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: expect.any(String) });
    expect(await countArtists()).toBe(before);
    // The connection is still usable afterwards: the app keeps answering.
    expect((await t().http().get('/api/health')).status).toBe(200);
  });

  it('answers a chunked JSON body over the limit with 413 and keeps the connection usable', async () => {
    const before = await countArtists();
    // One keep-alive socket: the next request must be answered on the very same connection.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const chunk = 'x'.repeat(64 * 1024);
      const res = await raw(t().url, {
        method: 'POST',
        path: '/api/artists',
        headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked', 'X-Forwarded-For': freshAddress() },
        body: ['{"name":"Big","bio":"', chunk, chunk, chunk, chunk, '","countryCode":"TT"}'],
        agent,
      });
      expect(res.status).toBe(413);
      expect(JSON.parse(res.text)).toEqual({ error: expect.any(String) });
      const next = await raw(t().url, { method: 'GET', path: '/api/health', agent });
      expect(next.status).toBe(200);
    } finally {
      agent.destroy();
    }
    expect(await countArtists()).toBe(before);
  });

  it('answers wrong types with 400 and field issues', async () => {
    const res = await t()
      .http()
      .post('/api/artists')
      .set('X-Forwarded-For', freshAddress())
      .send({ name: 123, bio: ['not', 'text'], countryCode: 'TT' });
    expect(res.status).toBe(400);
    expect(typeof res.body.error).toBe('string');
    const paths = (res.body.issues as { path: string; message: string }[]).map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'bio']));
    for (const issue of res.body.issues) expect(typeof issue.message).toBe('string');
  });

  it('drops unknown fields and forces the fields a visitor may not set', async () => {
    const polluted = JSON.stringify(artist({ approved: true, featured: true, isAdmin: true, extra: 'x' })).replace(/}$/, ',"__proto__":{"polluted":true}}');
    const res = await postArtist('application/json', polluted);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ approved: false, featured: false });
    expect(res.body).not.toHaveProperty('extra');
    expect(res.body).not.toHaveProperty('isAdmin');
    const row = await t().db('artists').where({ id: res.body.id }).first();
    expect(row).not.toHaveProperty('extra');
    expect(JSON.stringify(row)).not.toContain('polluted');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers an unknown /api path with 404 JSON', async () => {
    for (const path of ['/api/nope', '/api/artists/x/y/z', '/api']) {
      const res = await t().http().get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers['content-type'], path).toMatch(/^application\/json/);
      expect(res.body, path).toEqual({ error: expect.any(String) });
    }
    const post = await t().http().post('/api/nope').send({});
    expect(post.status).toBe(404);
    expect(post.body).toEqual({ error: expect.any(String) });
  });

  it('answers an unknown method on a known path with 405 JSON and Allow', async () => {
    const cases: [string, string][] = [
      ['DELETE', '/api/np'],
      ['PUT', '/api/prayers?tenant=caribbean'],
      ['POST', '/api/settings'],
      ['DELETE', '/api/artists'],
      ['PUT', '/api/artists/some-id'],
    ];
    for (const [method, path] of cases) {
      const res = await raw(t().url, { method, path, headers: { 'X-Forwarded-For': freshAddress() } });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers['content-type'], `${method} ${path}`).toMatch(/^application\/json/);
      expect(JSON.parse(res.text), `${method} ${path}`).toEqual({ error: expect.any(String) });
      expect(res.headers.allow, `${method} ${path}`).toMatch(/GET|POST|PATCH/);
    }
  });

  it('gates the prayer wall before any 405: the wrong tenant gets its 404 JSON whatever the method', async () => {
    const res = await raw(t().url, { method: 'PUT', path: '/api/prayers' });
    expect(res.status).toBe(404);
    expect(JSON.parse(res.text)).toEqual({ error: 'The prayer wall is only available on Caribbean Praise Radio.' });
  });

  it('answers a method nobody implements with 405 on a known path, never a 500', async () => {
    const res = await raw(t().url, { method: 'PROPFIND', path: '/api/np' });
    expect(res.status).toBe(405);
    expect(JSON.parse(res.text)).toEqual({ error: expect.any(String) });
    const options = await raw(t().url, { method: 'OPTIONS', path: '/api/np' });
    expect(options.status).toBe(204);
    expect(options.headers.allow).toMatch(/\bGET\b/);
    const unknown = await raw(t().url, { method: 'PROPFIND', path: '/api/nope' });
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.text)).toEqual({ error: expect.any(String) });
  });

  it('keeps the 401 JSON shape for admin-only routes', async () => {
    const res = await t().http().put('/api/settings').send({});
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Invalid admin key' });
  });

  it('rate-limits public writes per route and address: 20 a minute, then 429 JSON with Retry-After', async () => {
    const ip = freshAddress();
    // Invalid bodies count too: the limit guards the route, not only successful writes.
    for (let i = 0; i < 20; i++) {
      const res = await t().http().post('/api/artists').set('X-Forwarded-For', ip).send({});
      expect(res.status).toBe(400);
    }
    const limited = await t().http().post('/api/artists').set('X-Forwarded-For', ip).send(artist());
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: expect.any(String) });
    const retry = Number(limited.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    // Another route from the same address has its own count.
    const other = await t().http().post('/api/sponsors').set('X-Forwarded-For', ip).send({});
    expect(other.status).toBe(400);
    // An admin is never limited.
    const admin = await t().http().post('/api/artists').set('X-Forwarded-For', ip).set('x-admin-key', ADMIN_KEY).send(artist());
    expect(admin.status).toBe(201);
    t().clock.advance(60_000);
    const later = await t().http().post('/api/artists').set('X-Forwarded-For', ip).send(artist());
    expect(later.status).toBe(201);
  });

  it('counts IPv6 clients by their /64: rotating the low 64 bits never escapes the rate limit', async () => {
    const prefix = `2001:db8:${(Date.now() % 0xffff).toString(16)}:7`;
    for (let i = 0; i < 20; i++) {
      const res = await t().http().post('/api/artists').set('X-Forwarded-For', `${prefix}::${(i + 1).toString(16)}`).send({});
      expect(res.status).toBe(400);
    }
    const limited = await t().http().post('/api/artists').set('X-Forwarded-For', `${prefix}:aaaa:bbbb:cccc:dddd`).send(artist());
    expect(limited.status).toBe(429);
    const neighbour = await t().http().post('/api/artists').set('X-Forwarded-For', `${prefix.replace(/:7$/, ':8')}::1`).send(artist());
    expect(neighbour.status).toBe(201);
  });
});

describe('500 answers', () => {
  describeEachEngine('a broken database', (t) => {
    it('answers exactly {"error":"Internal error"} with no stack, and logs the stack instead', async () => {
      const before = await t().http().get('/api/sponsors');
      expect(before.status).toBe(200);
      await t().db.schema.dropTable('sponsors');
      const from = t().log.length;
      const res = await t().http().get('/api/sponsors');
      const written = t().log.slice(from);
      expect(res.status).toBe(500);
      expect(res.text).toBe('{"error":"Internal error"}');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.text).not.toMatch(/sponsors|at |\.ts/);
      expect(written.join('')).toMatch(/"level":"error".*"stack"/);
    });
  });
});
