import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, type Config } from '../../config';
import { startServer } from '../../server';
import { useProcessEnv } from '../../test/process-env';
import { ADMIN_KEY, describeEachEngine, freshAddress } from '../../test/test-app';
import { eventStreamOptionsFromEnv, retryMs } from './now-playing.events';
import { listenLocally } from '../../test/listen-locally';

// Short intervals for this file; the app reads them when it is created (in beforeAll).
const SHORT = { NP_EVENTS_HEARTBEAT_MS: '250', NP_EVENTS_CHECK_MS: '60', NP_EVENTS_MAX_PER_ADDRESS: '3' };
useProcessEnv(SHORT);

const icecast = (title: string, listeners = 5) => JSON.stringify({ icestats: { source: { title, listeners, server_name: 'Test' } } });

/** An Icecast status-json upstream on 127.0.0.1 whose title the test sets. */
async function startUpstream() {
  let body = icecast('Kes - Hello');
  const server = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(body));
  const base = await listenLocally(server);
  let cases = 0;
  return {
    freshUrl: () => `${base}/status-json.xsl?case=${++cases}`,
    set(json: string) {
      body = json;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface SseEvent {
  id?: string;
  data?: string;
  retry?: number;
  comment?: boolean;
}

/** A minimal EventSource on a raw HTTP request: parses what arrives, gunzipping as it goes. */
class SseClient {
  events: SseEvent[] = [];
  ended = false;
  private waiters: (() => void)[] = [];
  private buffer = '';

  private constructor(
    readonly res: http.IncomingMessage,
    private readonly req: http.ClientRequest,
  ) {
    const text = res.headers['content-encoding'] === 'gzip' ? res.pipe(zlib.createGunzip({ finishFlush: zlib.constants.Z_SYNC_FLUSH })) : res;
    text.setEncoding('utf8');
    text.on('data', (chunk: string) => this.parse(chunk));
    text.on('end', () => this.finish());
    text.on('error', () => this.finish());
    res.on('close', () => this.finish());
  }

  static open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    return new Promise((resolve, reject) => {
      const req = http.get(url, { headers: { Accept: 'text/event-stream', 'X-Forwarded-For': freshAddress(), ...headers } }, (res) =>
        resolve(new SseClient(res, req)),
      );
      req.on('error', reject);
    });
  }

  get status(): number {
    return this.res.statusCode ?? 0;
  }

  get dataEvents(): SseEvent[] {
    return this.events.filter((e) => e.data !== undefined);
  }

  get heartbeats(): number {
    return this.events.filter((e) => e.comment).length;
  }

  private finish() {
    this.ended = true;
    this.wake();
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  private parse(chunk: string) {
    this.buffer += chunk;
    let at: number;
    while ((at = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, at);
      this.buffer = this.buffer.slice(at + 2);
      const event: SseEvent = {};
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) event.comment = true;
        else if (line.startsWith('id: ')) event.id = line.slice(4);
        else if (line.startsWith('data: ')) event.data = (event.data === undefined ? '' : event.data + '\n') + line.slice(6);
        else if (line.startsWith('retry: ')) event.retry = Number(line.slice(7));
      }
      this.events.push(event);
    }
    this.wake();
  }

  /** Resolves once the predicate holds, or rejects after timeoutMs. */
  async until(predicate: () => boolean, timeoutMs = 3_000, what = 'condition'): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close() {
    this.req.destroy();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('event stream options', () => {
  it('reads NP_EVENTS_* and keeps the defaults for anything blank or not a positive whole number', () => {
    expect(eventStreamOptionsFromEnv({})).toEqual({ heartbeatMs: 25_000, checkMs: 10_000, maxPerAddress: 100, maxTotal: 10_000, listenersOnlyMinMs: 60_000 });
    expect(eventStreamOptionsFromEnv({ NP_EVENTS_HEARTBEAT_MS: '1000', NP_EVENTS_CHECK_MS: '-5', NP_EVENTS_MAX_PER_ADDRESS: 'x' })).toMatchObject({
      heartbeatMs: 1000,
      checkMs: 10_000,
      maxPerAddress: 100,
    });
  });

  it('tells browsers to reconnect after 3 to 8 s', () => {
    expect(retryMs(() => 0)).toBe(3_000);
    expect(retryMs(() => 0.9999)).toBeLessThan(8_000);
  });
});

describeEachEngine('now-playing event stream', (t) => {
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  const open: SseClient[] = [];
  beforeAll(async () => {
    upstream = await startUpstream();
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await upstream.close();
  });

  async function connect(query = '', headers: Record<string, string> = {}): Promise<SseClient> {
    const client = await SseClient.open(`${t().url}/api/np/events${query}`, { 'Accept-Encoding': 'gzip', ...headers });
    open.push(client);
    return client;
  }

  /** Points the tenant at a fresh upstream URL playing `title`, with no cache or history left. */
  async function useUpstream(tenant: 'watzhott' | 'caribbean', title: string): Promise<void> {
    upstream.set(icecast(title));
    await t().db('np_cache').where({ tenant }).delete();
    await t().db('np_history').where({ tenant }).delete();
    await t().db('settings').where({ tenant }).delete();
    await t()
      .db('settings')
      .insert({ tenant, data: JSON.stringify({ npJsonUrl: upstream.freshUrl(), displayName: `Station ${tenant}` }), updated_at: new Date().toISOString() });
  }

  /** A new song upstream, and the 10 s upstream refresh passed on the app's clock. */
  function changeSong(title: string) {
    upstream.set(icecast(title));
    t().clock.advance(10_001);
  }

  const getNp = (query = '') => t().http().get(`/api/np${query}`).set('X-Forwarded-For', freshAddress());
  const title = (e: SseEvent) => (JSON.parse(e.data!) as { nowPlaying: { title: string } }).nowPlaying.title;

  it('opens with a reconnect delay and the current answer, id = the ETag of GET /api/np, gzipped and never cached', async () => {
    await useUpstream('watzhott', 'Kes - Hello');
    const client = await connect();
    expect(client.status).toBe(200);
    expect(client.res.headers['content-type']).toBe('text/event-stream');
    expect(client.res.headers['cache-control']).toBe('no-store');
    expect(client.res.headers['x-accel-buffering']).toBe('no');
    expect(client.res.headers['content-encoding']).toBe('gzip');
    expect(client.res.headers.etag).toBeUndefined();
    await client.until(() => client.dataEvents.length === 1, 3_000, 'the first event');
    expect(client.events[0]!.retry).toBeGreaterThanOrEqual(3_000);

    const np = await getNp();
    expect(np.headers['cache-control']).toBe('public, max-age=10');
    const event = client.dataEvents[0]!;
    expect(event.id).toBe(np.headers.etag);
    expect(JSON.parse(event.data!)).toEqual(np.body);
    expect(np.body.nowPlaying).toMatchObject({ title: 'Hello', artist: 'Kes' });
    client.close();
  });

  it('is plain text to a client that does not accept gzip', async () => {
    await useUpstream('watzhott', 'Kes - Hello');
    const client = await connect('', { 'Accept-Encoding': 'identity' });
    expect(client.res.headers['content-encoding']).toBeUndefined();
    await client.until(() => client.dataEvents.length === 1);
    expect(title(client.dataEvents[0]!)).toBe('Hello');
    client.close();
  });

  it('sends heartbeats, and no event while the answer stays the same', async () => {
    await useUpstream('watzhott', 'Kes - Hello');
    const client = await connect();
    await client.until(() => client.dataEvents.length === 1);
    // The upstream is asked again (same song) and the answer read many times over.
    t().clock.advance(10_001);
    await client.until(() => client.heartbeats >= 2, 3_000, 'two heartbeats');
    expect(client.dataEvents).toHaveLength(1);
    client.close();
  });

  it('sends the new answer when the song changes, to every open stream', async () => {
    await useUpstream('watzhott', 'Kes - Hello');
    const a = await connect();
    const b = await connect();
    await a.until(() => a.dataEvents.length === 1);
    await b.until(() => b.dataEvents.length === 1);
    changeSong('Machel Montano - Like Ah Boss');
    for (const c of [a, b]) {
      await c.until(() => c.dataEvents.length === 2, 3_000, 'the change');
      const event = c.dataEvents[1]!;
      expect(title(event)).toBe('Like Ah Boss');
      // The song that ended is in the history the stream carries, as in GET /api/np.
      expect(JSON.parse(event.data!).history[0]).toMatchObject({ title: 'Hello', artist: 'Kes' });
      expect(event.id).toBe((await getNp()).headers.etag);
    }
    a.close();
    b.close();
  });

  it('skips the opening event when Last-Event-ID (or lastEventId) already names the current answer', async () => {
    await useUpstream('watzhott', 'Kes - Hello');
    const etag = (await getNp()).headers.etag!;
    const byHeader = await connect('', { 'Last-Event-ID': etag });
    const byQuery = await connect(`?lastEventId=${encodeURIComponent(etag)}`);
    const stale = await connect('', { 'Last-Event-ID': 'W/"old"' });
    await stale.until(() => stale.dataEvents.length === 1);
    await byHeader.until(() => byHeader.heartbeats >= 1);
    await byQuery.until(() => byQuery.heartbeats >= 1);
    expect(byHeader.dataEvents).toHaveLength(0);
    expect(byQuery.dataEvents).toHaveLength(0);
    // A change still reaches the stream that skipped the opening event.
    changeSong('Destra - Lucy');
    await byHeader.until(() => byHeader.dataEvents.length === 1, 3_000, 'the change');
    expect(title(byHeader.dataEvents[0]!)).toBe('Lucy');
    for (const c of [byHeader, byQuery, stale]) c.close();
  });

  it("keeps tenants apart: each stream carries its own tenant's answer and changes", async () => {
    await useUpstream('watzhott', 'Kes - Hello');
    const wz = await connect();
    await wz.until(() => wz.dataEvents.length === 1);
    await useUpstream('caribbean', 'Sherwin Gardner - Excess Love');
    const cpr = await connect('?tenant=caribbean');
    await cpr.until(() => cpr.dataEvents.length === 1);
    expect(title(cpr.dataEvents[0]!)).toBe('Excess Love');
    expect(cpr.dataEvents[0]!.id).toBe((await getNp('?tenant=caribbean')).headers.etag);
    expect(JSON.parse(cpr.dataEvents[0]!.data!).nowPlaying.artist).toBe('Sherwin Gardner');

    // The caribbean upstream changes; the watzhott stream (another URL, same server) does not hear of it.
    upstream.set(icecast('Sherwin Gardner - Yahweh'));
    // Through the app: a successful write is pushed to the streams (docs/now-playing-push.md).
    const settings = await t().http().get('/api/settings').set('x-admin-key', ADMIN_KEY);
    const saved = await t()
      .http()
      .put('/api/settings')
      .set('x-admin-key', ADMIN_KEY)
      .set('X-Forwarded-For', freshAddress())
      .send({ ...settings.body, streamUrl: '/demo/stream', radioHtmlEmbed: settings.body.radioHtmlEmbed || '<audio src="/demo/stream"></audio>', npJsonUrl: '' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await wz.until(() => wz.dataEvents.length === 2, 3_000, 'watzhott falling back to its schedule');
    const wzCount = wz.dataEvents.length;
    t().clock.advance(10_001);
    await cpr.until(() => cpr.dataEvents.length === 2, 3_000, 'the caribbean change');
    expect(title(cpr.dataEvents[1]!)).toBe('Yahweh');
    await sleep(300);
    expect(wz.dataEvents).toHaveLength(wzCount);
    expect(wz.dataEvents.every((e) => !e.data!.includes('Sherwin'))).toBe(true);
    wz.close();
    cpr.close();
  });

  it('answers 429 beyond 3 open streams from one address (NP_EVENTS_MAX_PER_ADDRESS), and frees a place when one closes', async () => {
    await useUpstream('watzhott', 'Kes - Hello');
    const address = freshAddress();
    const streams = await Promise.all([1, 2, 3].map(() => connect('', { 'X-Forwarded-For': address })));
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
    const refused = await t().http().get('/api/np/events').set('X-Forwarded-For', address);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeTruthy();
    expect(refused.headers['content-type']).toMatch(/application\/json/);
    expect(refused.body.error).toMatch(/streams/);
    // Another address is not affected.
    const other = await connect();
    expect(other.status).toBe(200);
    other.close();

    streams[0]!.close();
    await streams[0]!.until(() => streams[0]!.ended);
    let again: SseClient | null = null;
    for (let i = 0; i < 20 && again?.status !== 200; i += 1) {
      again?.close();
      await sleep(25);
      again = await connect('', { 'X-Forwarded-For': address });
    }
    expect(again!.status).toBe(200);
    for (const s of [...streams, again!]) s.close();
  });
  it('counts IPv6 clients by their /64 toward the stream cap', async () => {
    await useUpstream('watzhott', 'Kes - Hello');
    const prefix = `2001:db8:${(Date.now() % 0xffff).toString(16)}:42`;
    const streams = await Promise.all([1, 2, 3].map((i) => connect('', { 'X-Forwarded-For': `${prefix}::${i}` })));
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
    // Another address in the same /64 is the same subscriber.
    const refused = await t().http().get('/api/np/events').set('X-Forwarded-For', `${prefix}:ffff:ffff:ffff:ffff`);
    expect(refused.status).toBe(429);
    // The neighbouring /64 is someone else.
    const other = await connect('', { 'X-Forwarded-For': `${prefix.replace(/:42$/, ':43')}::1` });
    expect(other.status).toBe(200);
    for (const s of [...streams, other]) s.close();
  });
});

describe('shutdown with open event streams', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'radio-np-events-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('ends every stream, finishes the request in flight, and stops within 2 s', async () => {
    const config: Config = {
      port: 0,
      host: '127.0.0.1',
      databaseUrl: `sqlite:${path.join(dir, 'a.sqlite3')}`,
      adminKey: 'k'.repeat(24),
      adminKeyGenerated: false,
      demoData: false,
      uploadDir: path.join(dir, 'uploads'),
      trustProxy: true,
      appDir: null,
      manifestPath: path.resolve(import.meta.dirname, '..', '..', '..', 'manifest.webmanifest'),
      limits: { ...DEFAULT_LIMITS },
      logRequests: false,
      upstreamAllowPrivate: true,
      publicUrl: null,
    };
    const running = await startServer(config, () => {});
    const streams = await Promise.all([1, 2].map(() => SseClient.open(`${running.url}/api/np/events`, { 'Accept-Encoding': 'gzip' })));
    for (const s of streams) await s.until(() => s.dataEvents.length === 1);

    // A request in flight: half a JSON body sent when shutdown begins, the rest after.
    const inFlight = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        `${running.url}/api/prayers?tenant=caribbean`,
        { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': freshAddress() } },
        (res) => {
          let body = '';
          res.on('data', (d) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.write('{"text":"Pray for');
      setTimeout(() => req.end(' the islands"}'), 400);
    });
    await sleep(100);

    const started = Date.now();
    const closed = running.close();
    for (const s of streams) await s.until(() => s.ended, 2_000, 'the stream to end');
    const answer = await inFlight;
    await closed;
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body)).toMatchObject({ text: 'Pray for the islands', approved: false });
  });
});
