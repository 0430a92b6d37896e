import http from 'node:http';
import zlib from 'node:zlib';
import { expect, it } from 'vitest';
import { ADMIN_KEY, describeEachEngine, freshAddress } from '../test/test-app';

// docs/api.md "Caching on the wire".

/** The raw bytes of an answer, so the test sees exactly what went over the wire. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

describeEachEngine('caching on the wire', (t) => {
  async function approvedArtist(name: string, bio = 'Dancehall'): Promise<string> {
    const created = await t()
      .http()
      .post('/api/artists')
      .set('X-Forwarded-For', freshAddress())
      .send({ name, bio, countryCode: 'JM' });
    expect(created.status).toBe(201);
    const approved = await t().http().patch(`/api/artists/${created.body.id}`).set('x-admin-key', ADMIN_KEY).send({ approved: true });
    expect(approved.status).toBe(200);
    return created.body.id as string;
  }

  it('sends an ETag on every /api GET and answers a matching If-None-Match with an empty 304', async () => {
    await approvedArtist('Popcaan');
    for (const path of ['/api/np', '/api/settings', '/api/artists', '/api/shows', '/api/sponsors', '/api/health']) {
      const first = await t().http().get(path);
      expect(first.status, path).toBe(200);
      const etag = first.headers.etag;
      expect(etag, path).toMatch(/^(W\/)?"[^"]+"$/);
      const again = await t().http().get(path).set('If-None-Match', etag!);
      expect(again.status, path).toBe(304);
      expect(again.text, path).toBe('');
      expect(again.headers.etag, path).toBe(etag);
      // A stale tag gets the whole answer.
      const stale = await t().http().get(path).set('If-None-Match', '"something-else"');
      expect(stale.status, path).toBe(200);
    }
  });

  it('gives a changed resource a new ETag, and the old one no longer answers 304', async () => {
    const first = await t().http().get('/api/artists');
    const etag = first.headers.etag!;
    const id = await approvedArtist('Koffee');
    const changed = await t().http().get('/api/artists').set('If-None-Match', etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body.map((a: { id: string }) => a.id)).toContain(id);
    const single = await t().http().get(`/api/artists/${id}`);
    expect(single.headers.etag).toBeDefined();
    await t().http().patch(`/api/artists/${id}`).set('x-admin-key', ADMIN_KEY).send({ featured: true });
    const after = await t().http().get(`/api/artists/${id}`).set('If-None-Match', single.headers.etag!);
    expect(after.status).toBe(200);
    expect(after.body.featured).toBe(true);
  });

  it('answers HEAD with the same ETag and no body', async () => {
    const get = await t().http().get('/api/np');
    const head = await t().http().head('/api/np');
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.text ?? '').toBe('');
  });

  it('sends Cache-Control public, max-age=10 on /api/np', async () => {
    const res = await t().http().get('/api/np');
    expect(res.headers['cache-control']).toBe('public, max-age=10');
    const caribbean = await t().http().get('/api/np?tenant=caribbean');
    expect(caribbean.headers['cache-control']).toBe('public, max-age=10');
  });

  it('sends no-cache on other public GETs', async () => {
    for (const path of ['/api/settings', '/api/artists', '/api/shows', '/api/events', '/api/sponsors', '/api/tracks', '/api/prayers?tenant=caribbean']) {
      const res = await t().http().get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(res.headers.vary, path).toMatch(/x-admin-key/i);
    }
  });

  it('sends no-store on admin answers, GET or not, /api/np included', async () => {
    for (const path of ['/api/np', '/api/settings', '/api/artists', '/api/ads', '/api/shoutouts']) {
      const res = await t().http().get(path).set('x-admin-key', ADMIN_KEY);
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-store');
      expect(res.headers.etag, path).toBeDefined();
    }
    const id = await approvedArtist('Shenseea');
    const patch = await t().http().patch(`/api/artists/${id}`).set('x-admin-key', ADMIN_KEY).send({ featured: false });
    expect(patch.status).toBe(200);
    expect(patch.headers['cache-control']).toBe('no-store');
  });

  it('sends no-store on error answers', async () => {
    const res = await t().http().get('/api/artists/missing');
    expect(res.status).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('compresses a large JSON answer with gzip or brotli as the client accepts', async () => {
    for (let i = 0; i < 4; i++) await approvedArtist(`Long bio ${i}`, 'Riddims from Kingston. '.repeat(20));
    const url = `${t().url}/api/artists`;
    const plain = await rawGet(url, { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const json = JSON.parse(plain.body.toString('utf8'));

    const gzip = await rawGet(url, { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gzip.body.length).toBeLessThan(plain.body.length);
    expect(JSON.parse(zlib.gunzipSync(gzip.body).toString('utf8'))).toEqual(json);

    const br = await rawGet(url, { 'Accept-Encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString('utf8'))).toEqual(json);

    // A browser sends both; either is fine, but it is compressed.
    const both = await rawGet(url, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(['gzip', 'br']).toContain(both.headers['content-encoding']);

    // supertest decompresses and the ETag does not depend on the encoding.
    const viaSupertest = await t().http().get('/api/artists').set('Accept-Encoding', 'gzip');
    expect(viaSupertest.headers['content-encoding']).toBe('gzip');
    expect(viaSupertest.body).toEqual(json);
    expect(viaSupertest.headers.etag).toBe(plain.headers.etag);
  });

  it('leaves a small answer uncompressed', async () => {
    const res = await rawGet(`${t().url}/api/health`, { 'Accept-Encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString('utf8'))).toEqual({ ok: true });
  });
});
