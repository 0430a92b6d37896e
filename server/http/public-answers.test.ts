import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage } from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { ADMIN_KEY, PG_URL, createTestApp, freshAddress, type TestApp } from '../test/test-app';
import { isNotModified, pickEncoding } from './public-answers';
import { collectingLogger } from '../test/log-lines';
import { listenLocally } from '../test/listen-locally';

// The in-memory cache of public answers (issue 7): same bytes as the chain makes, dropped by
// writes, bounded by a TTL, never for admins, never across tenants, and 304s as before.

const TTL_MS = 1000;

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

interface Kept {
  base: TestApp;
  url: string;
  lines: string[];
  get(path: string, headers?: Record<string, string>): Promise<Raw>;
  send(method: string, path: string, body: unknown, headers?: Record<string, string>): Promise<Raw>;
}

function rawRequest(url: string, method: string, headers: Record<string, string>, body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    // Content-Length always: Node sends a DELETE body unframed otherwise.
    const length = body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) };
    const req = http.request(url, { method, headers: { ...headers, ...length }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * The usual test database and clock (test-app.ts), served by an app that keeps public answers
 * (the test harness's own app keeps none, as most suites write the database directly).
 */
function describeKept(title: string, suite: (k: () => Kept) => void): void {
  for (const engine of ['sqlite', 'postgres'] as const) {
    describe.skipIf(engine === 'postgres' && !PG_URL)(`${title} [${engine}]`, () => {
      let kept: Kept | undefined;
      let server: http.Server | undefined;
      beforeAll(async () => {
        const base = await createTestApp(engine, { logRequests: true });
        const { logger, lines } = collectingLogger('debug');
        const app = createApp({ db: base.db, config: { ...base.config, publicAnswerTtlMs: TTL_MS }, now: () => base.clock.now, logger });
        server = http.createServer(app.callback());
        const url = await listenLocally(server);
        kept = {
          base,
          url,
          lines,
          get: (path, headers = {}) => rawRequest(url + path, 'GET', headers),
          send: (method, path, body, headers = {}) =>
            rawRequest(url + path, method, { 'Content-Type': 'application/json', 'X-Forwarded-For': freshAddress(), ...headers }, JSON.stringify(body)),
        };
      });
      afterAll(async () => {
        server?.closeAllConnections();
        await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
        await kept?.base.close();
      });
      suite(() => {
        if (!kept) throw new Error('app not started');
        return kept;
      });
    });
  }
}

const json = (res: Raw): unknown => JSON.parse(res.body.toString('utf8'));
const names = (res: Raw): string[] => (json(res) as { name: string }[]).map((a) => a.name).sort();
const withoutDate = (headers: http.IncomingHttpHeaders) => {
  const { date: _date, ...rest } = headers;
  return rest;
};

describeKept('kept public answers', (k) => {
  const admin = { 'x-admin-key': ADMIN_KEY };

  async function approvedArtist(name: string, bio = 'Soca from Port of Spain'): Promise<string> {
    const created = await k().send('POST', '/api/artists', { name, bio, countryCode: 'TT' });
    expect(created.status).toBe(201);
    const id = (json(created) as { id: string }).id;
    const approved = await k().send('PATCH', `/api/artists/${id}`, { approved: true }, admin);
    expect(approved.status).toBe(200);
    return id;
  }

  /** A change the app cannot see: only the TTL (or a write through the app) reveals it. */
  const renameBehindTheAppsBack = (id: string, name: string) => k().base.db('artists').where({ id }).update({ name });

  it('answers a hit with the very bytes and headers of the miss, for each encoding', async () => {
    // Long enough to be compressed.
    const id = await approvedArtist('Machel Montano', 'Soca king of Trinidad. '.repeat(40));
    await approvedArtist('Bunji Garlin', 'Ragga soca from Trinidad. '.repeat(40));
    for (const encoding of ['identity', 'gzip', 'br', 'gzip, deflate, br']) {
      k().base.clock.advance(TTL_MS);
      const miss = await k().get('/api/artists?approved=true', { 'Accept-Encoding': encoding });
      await renameBehindTheAppsBack(id, `Renamed for ${encoding}`);
      const hit = await k().get('/api/artists?approved=true', { 'Accept-Encoding': encoding });
      expect(hit.status, encoding).toBe(200);
      expect(hit.body.equals(miss.body), encoding).toBe(true);
      expect(withoutDate(hit.headers), encoding).toEqual(withoutDate(miss.headers));
    }
    k().base.clock.advance(TTL_MS);
    const plain = await k().get('/api/artists?approved=true', { 'Accept-Encoding': 'identity' });
    const gzip = await k().get('/api/artists?approved=true', { 'Accept-Encoding': 'gzip' });
    const br = await k().get('/api/artists?approved=true', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(plain.headers).toMatchObject({
      'cache-control': 'no-cache',
      'content-type': 'application/json; charset=utf-8',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'content-length': String(plain.body.length),
    });
    expect(plain.headers.vary).toMatch(/x-admin-key/i);
    expect(names(plain)).toContain('Renamed for gzip, deflate, br');
  });

  it('keeps /api/np with its own Cache-Control, and /api/shows', async () => {
    k().base.clock.advance(TTL_MS);
    const np = await k().get('/api/np');
    expect(np.headers['cache-control']).toBe('public, max-age=10');
    expect((await k().get('/api/np')).headers['cache-control']).toBe('public, max-age=10');
    expect(withoutDate((await k().get('/api/np')).headers)).toEqual(withoutDate(np.headers));
    const shows = await k().get('/api/shows');
    expect(shows.headers['cache-control']).toBe('no-cache');
    await k().base.db('shows').insert({
      id: 'behind-the-back',
      tenant: 'watzhott',
      title: 'Unseen yet',
      description: '',
      start_time: '06:00',
      end_time: '07:00',
      days: JSON.stringify(['Monday']),
      created_at: new Date().toISOString(),
    });
    expect((await k().get('/api/shows')).body.equals(shows.body)).toBe(true);
    k().base.clock.advance(TTL_MS);
    expect((await k().get('/api/shows')).body.toString()).toContain('Unseen yet');
  });

  it('lets a write through the app show at once: an admin approves, the next public GET has the artist', async () => {
    k().base.clock.advance(TTL_MS);
    const before = await k().get('/api/artists');
    const created = await k().send('POST', '/api/artists', { name: 'Freshly Approved', bio: 'Dancehall', countryCode: 'JM' });
    const id = (json(created) as { id: string }).id;
    expect(names(await k().get('/api/artists'))).not.toContain('Freshly Approved');
    await k().send('PATCH', `/api/artists/${id}`, { approved: true }, admin);
    const after = await k().get('/api/artists', { 'If-None-Match': String(before.headers.etag) });
    expect(after.status).toBe(200);
    expect(names(after)).toContain('Freshly Approved');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('keeps its answers through writes that fail (a POST without the key, a 404 DELETE) and drops them once a write succeeds', async () => {
    // Any visitor can send a failing write: if that dropped the kept answers, a loop of
    // unauthenticated POSTs would put every public GET back on the database.
    const id = await approvedArtist('Kept on Failed Writes');
    k().base.clock.advance(TTL_MS);
    const kept = await k().get('/api/artists');
    await renameBehindTheAppsBack(id, 'Unseen after a 401');
    const refused = await k().send('PUT', '/api/settings', {});
    expect(refused.status).toBe(401);
    const anonymousPost = await k().send('POST', '/api/shows', { title: 'Not without the key' });
    expect(anonymousPost.status).toBe(401);
    const missing = await k().send('DELETE', '/api/shows/none-such', {}, admin);
    expect(missing.status).toBe(404);
    const invalid = await k().send('POST', '/api/artists', { nonsense: true });
    expect(invalid.status).toBe(400);
    expect((await k().get('/api/artists')).body.equals(kept.body)).toBe(true);
    const saved = await k().send('POST', '/api/artists', { name: 'Any Success', bio: 'Zouk', countryCode: 'JM' });
    expect(saved.status).toBe(201);
    expect(names(await k().get('/api/artists'))).toContain('Unseen after a 401');
  });

  it('keeps its answers through the writes that change none of them: a listening beacon, a chat message', async () => {
    // A heartbeat a minute per listener: were each a drop, no public GET would ever be kept.
    const id = await approvedArtist('Kept through Heartbeats');
    const chat = await k().send('PUT', '/api/settings', { ...(json(await k().get('/api/settings', admin)) as object), tenant: undefined, streamUrl: 'https://stream.example.com/live', radioHtmlEmbed: '<p>on air</p>', enableChat: true, chatSlowModeSeconds: 0, chatWordList: '' }, admin);
    expect(chat.status).toBe(200);
    k().base.clock.advance(TTL_MS);
    const kept = await k().get('/api/artists');
    await renameBehindTheAppsBack(id, 'Unseen after a heartbeat');
    const at = k().base.clock.now;
    const listener = { s: randomUUID(), i: randomUUID(), kind: 'live', country: 'TT' };
    const browser = { 'Content-Type': 'text/plain;charset=UTF-8', 'User-Agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36' };
    for (const [seq, e] of ['start', 'beat'].entries()) {
      const beacon = await k().send('POST', '/api/listening', { n: at, events: [{ ...listener, e, seq, t: at + seq }] }, browser);
      expect(beacon.status).toBe(202);
      expect(json(beacon)).toEqual({ accepted: 1, refused: 0 });
    }
    const message = await k().send('POST', '/api/chat/messages', { name: 'Keisha', text: 'Big up the morning show' }, { 'X-Device-Id': randomUUID() });
    expect(message.status, message.body.toString()).toBe(201);
    expect((await k().get('/api/artists')).body.equals(kept.body)).toBe(true);
  });

  it('keeps an answer for the TTL only, and not at all once the clock goes back', async () => {
    const id = await approvedArtist('Time Keeper');
    k().base.clock.advance(TTL_MS);
    await k().get('/api/artists');
    await renameBehindTheAppsBack(id, 'Time Keeper, renamed');
    k().base.clock.advance(TTL_MS - 1);
    expect(names(await k().get('/api/artists'))).toContain('Time Keeper');
    k().base.clock.advance(1);
    expect(names(await k().get('/api/artists'))).toContain('Time Keeper, renamed');

    await renameBehindTheAppsBack(id, 'Time Keeper, again');
    k().base.clock.advance(-60_000);
    expect(names(await k().get('/api/artists'))).toContain('Time Keeper, again');
    k().base.clock.advance(60_000);
  });

  it('never answers an admin from it, nor keeps an admin answer for visitors', async () => {
    k().base.clock.advance(TTL_MS);
    const created = await k().send('POST', '/api/artists', { name: 'Awaiting Review', bio: 'Calypso', countryCode: 'BB' });
    expect(created.status).toBe(201);
    const visitor = await k().get('/api/artists');
    expect(names(visitor)).not.toContain('Awaiting Review');

    const adminView = await k().get('/api/artists', admin);
    expect(adminView.status).toBe(200);
    expect(adminView.headers['cache-control']).toBe('no-store');
    expect(names(adminView)).toContain('Awaiting Review');
    expect((await k().get('/api/np', admin)).headers['cache-control']).toBe('no-store');

    const visitorAgain = await k().get('/api/artists');
    expect(names(visitorAgain)).not.toContain('Awaiting Review');
    expect(visitorAgain.headers['cache-control']).toBe('no-cache');

    // A wrong key is refused even where a kept answer would fit the URL.
    const wrong = await k().get('/api/artists', { 'x-admin-key': 'not-the-key' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers['cache-control']).toBe('no-store');
  });

  it('never mixes tenants, whether chosen by query or by Host', async () => {
    k().base.clock.advance(TTL_MS);
    const watzhott = await k().get('/api/np');
    const caribbean = await k().get('/api/np?tenant=caribbean');
    expect(json(caribbean)).not.toEqual(json(watzhott));
    const byHost = await k().get('/api/np', { Host: 'radio.caribbeanpraise.example' });
    expect(json(byHost)).toEqual(json(caribbean));
    // The same URL on the other host, after the kept answer: still the host's own tenant.
    expect(json(await k().get('/api/np'))).toEqual(json(watzhott));
    expect(json(await k().get('/api/np', { Host: 'radio.caribbeanpraise.example' }))).toEqual(json(caribbean));
    expect(json(await k().get('/api/np?tenant=watzhott', { Host: 'radio.caribbeanpraise.example' }))).toEqual(json(caribbean));
    expect(json(await k().get('/api/np?tenant=caribbean&tenant=x'))).toEqual(json(watzhott));
  });

  it('tells queries apart by what they ask, not by how they spell it', async () => {
    const id = await approvedArtist('Query Sorter');
    k().base.clock.advance(TTL_MS);
    const both = await k().get('/api/artists?approved=true&country=TT');
    expect(names(both)).toContain('Query Sorter');
    await renameBehindTheAppsBack(id, 'Query Sorter, renamed');
    // Same question, other order: the kept answer.
    expect(names(await k().get('/api/artists?country=TT&approved=true'))).toContain('Query Sorter');
    // Other questions: answered afresh.
    expect(names(await k().get('/api/artists?country=TT'))).toContain('Query Sorter, renamed');
    expect(names(await k().get('/api/artists?approved=true&country=TT&q=sorter'))).toEqual(['Query Sorter, renamed']);
    expect((await k().get('/api/artists?approved=false')).status).toBe(401);
  });

  it('keeps nothing below the kept paths', async () => {
    const id = await approvedArtist('Single Artist');
    k().base.clock.advance(TTL_MS);
    expect((json(await k().get(`/api/artists/${id}`)) as { name: string }).name).toBe('Single Artist');
    await renameBehindTheAppsBack(id, 'Single Artist, renamed');
    expect((json(await k().get(`/api/artists/${id}`)) as { name: string }).name).toBe('Single Artist, renamed');
  });

  it('answers If-None-Match with a 304 on a miss and on a hit, and the whole answer to a reload', async () => {
    k().base.clock.advance(TTL_MS);
    const first = await k().get('/api/np');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[^"]+"$/);
    k().base.clock.advance(TTL_MS);
    const onMiss = await k().get('/api/np', { 'If-None-Match': etag });
    const onHit = await k().get('/api/np', { 'If-None-Match': `"other", ${etag}` });
    for (const res of [onMiss, onHit]) {
      expect(res.status).toBe(304);
      expect(res.body.length).toBe(0);
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['cache-control']).toBe('public, max-age=10');
      expect(res.headers['content-type']).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(withoutDate(onHit.headers)).toEqual(withoutDate(onMiss.headers));
    expect((await k().get('/api/np', { 'If-None-Match': '"stale"' })).status).toBe(200);
    expect((await k().get('/api/np', { 'If-None-Match': etag, 'Cache-Control': 'no-cache' })).status).toBe(200);
    const head = await rawRequest(`${k().url}/api/np`, 'HEAD', {});
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe(etag);
    expect(head.body.length).toBe(0);
  });

  it('writes the request line of every answer, kept or not: a kept one at debug (docs/operations.md "Logs")', async () => {
    k().base.clock.advance(TTL_MS);
    const from = k().lines.length;
    await k().get('/api/shows?tenant=caribbean&secret=QUERY', { 'X-Forwarded-For': '198.51.100.4' });
    await k().get('/api/shows?tenant=caribbean&secret=QUERY', { 'X-Forwarded-For': '198.51.100.4' });
    const etag = String((await k().get('/api/shows?tenant=caribbean&secret=QUERY')).headers.etag);
    await k().get('/api/shows?tenant=caribbean&secret=QUERY', { 'If-None-Match': etag });
    // Only request lines (the collecting logger is at debug): those of this test's four requests.
    const lines = k().lines.slice(from).filter((l) => 'route' in (JSON.parse(l) as object));
    expect(lines).toHaveLength(4);
    expect(lines.join('\n')).not.toContain('QUERY');
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toMatchObject([
      { level: 'info', method: 'GET', route: '/api/shows', status: 200, tenant: 'caribbean', address: '198.51.100.4' },
      // Sent before Koa (public-answers.ts serve()), with the client address the same way.
      { level: 'debug', method: 'GET', route: '/api/shows', status: 200, tenant: 'caribbean', address: '198.51.100.4' },
      { level: 'debug', method: 'GET', route: '/api/shows', status: 200, tenant: 'caribbean' },
      { level: 'debug', method: 'GET', route: '/api/shows', status: 304, tenant: 'caribbean' },
    ]);
    for (const line of lines) expect(Object.keys(JSON.parse(line) as object).sort()).toEqual(['address', 'durationMs', 'level', 'method', 'reqId', 'route', 'status', 'tenant', 'time']);
  });

  it('still answers 405 with Allow, and 404 JSON, on the kept paths', async () => {
    const put = await k().send('PUT', '/api/np', {});
    expect(put.status).toBe(405);
    expect(put.headers.allow?.split(', ').sort()).toEqual(['GET', 'HEAD']);
    expect((await k().get('/api/np?tenant=caribbean')).status).toBe(200);
    const missing = await k().get('/api/np/nothing-here');
    expect(missing.status).toBe(404);
    expect(json(missing)).toEqual({ error: 'Not found' });
  });

  it('shares one answer among identical requests in flight', async () => {
    k().base.clock.advance(TTL_MS);
    const answers = await Promise.all(Array.from({ length: 20 }, () => k().get('/api/artists?approved=true', { 'Accept-Encoding': 'br' })));
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.body.equals(answers[0]!.body)).toBe(true);
      expect(res.headers.etag).toBe(answers[0]!.headers.etag);
    }
  });
});

describe('pickEncoding', () => {
  // What the client accepts, brotli before gzip, identity when nothing else; q values honoured, q=0 included.
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['deflate', 'identity'],
    ['*', 'br'],
    ['BR;q=1.0, GZIP', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['gzip;q=0.5', 'gzip'],
    ['gzip;q=0.5, identity', 'identity'],
    ['*;q=0, gzip', 'gzip'],
    ['br;q=nonsense, gzip', 'gzip'],
  ])('Accept-Encoding %j picks %s', (acceptEncoding, encoding) => {
    expect(pickEncoding(acceptEncoding)).toBe(encoding);
  });
});

describe('isNotModified', () => {
  const req = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;
  const etag = 'W/"abc"';

  it('matches as Koa ctx.fresh does for an answer without Last-Modified', () => {
    expect(isNotModified(req({}), etag)).toBe(false);
    expect(isNotModified(req({ 'if-none-match': etag }), etag)).toBe(true);
    expect(isNotModified(req({ 'if-none-match': '"abc"' }), etag)).toBe(true);
    expect(isNotModified(req({ 'if-none-match': '"x", W/"abc"' }), etag)).toBe(true);
    expect(isNotModified(req({ 'if-none-match': '*' }), etag)).toBe(true);
    expect(isNotModified(req({ 'if-none-match': '"abcd"' }), etag)).toBe(false);
    expect(isNotModified(req({ 'if-none-match': etag, 'cache-control': 'no-cache' }), etag)).toBe(false);
    expect(isNotModified(req({ 'if-none-match': etag, 'if-modified-since': new Date().toUTCString() }), etag)).toBe(false);
  });
});
