import http from 'node:http';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { listenLocally } from '../../test/listen-locally';
import { useProcessEnv } from '../../test/process-env';
import { ADMIN_KEY, describeEachEngine, freshAddress } from '../../test/test-app';
import { plainGzipChoice } from './now-playing.events-first';

// docs/performance.md "Listeners": a now-playing stream with nothing to refuse is opened before
// Koa, with the route's status, headers and events; everything else reaches the route.
useProcessEnv({ NP_EVENTS_MAX_PER_ADDRESS: '2' });

const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

interface Opened {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The first event's text (unzipped), or the whole body of an answer that ends. */
  text: string;
  close(): Promise<void>;
}

/** Opens the stream and reads until its first event (or the end of a refusal). */
function open(url: string, headers: Record<string, string>, method = 'GET'): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}/api/np/events?tenant=caribbean`, { method, agent: false, headers: { 'User-Agent': 'Mozilla/5.0', ...headers } }, (res) => {
      const body = res.headers['content-encoding'] === 'gzip' ? res.pipe(zlib.createGunzip({ finishFlush: zlib.constants.Z_SYNC_FLUSH })) : res;
      let text = '';
      const close = () =>
        new Promise<void>((done) => {
          if (res.destroyed) return done();
          res.once('close', () => done());
          res.destroy();
        });
      const answer = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text, close });
      body.setEncoding('utf8');
      body.on('data', (d: string) => {
        text += d;
        if (text.includes('\ndata: ')) answer();
      });
      body.on('end', answer);
      body.on('error', answer);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('plainGzipChoice', () => {
  it('chooses gzip from a plain list, identity without it, and leaves weights and wildcards to the route', () => {
    expect(plainGzipChoice(BROWSER_ENCODINGS)).toBe(true);
    expect(plainGzipChoice('GZIP')).toBe(true);
    expect(plainGzipChoice('br, deflate')).toBe(false);
    for (const header of [undefined, '', 'gzip;q=0', 'br, *', 'identity, gzip', 'gzip,,br']) expect(plainGzipChoice(header)).toBeNull();
  });
});

describeEachEngine('the now-playing stream opened before Koa', (t) => {
  /** The app on a socket, with what reaches Koa's chain noted. */
  async function served() {
    const app = createApp({ db: t().db, config: t().config, now: () => t().clock.now });
    const koaSaw: string[] = [];
    app.middleware.unshift(async (ctx, next) => {
      koaSaw.push(`${ctx.method} ${ctx.path}`);
      await next();
    });
    const server = http.createServer(app.callback());
    const url = await listenLocally(server);
    return {
      url,
      koaSaw,
      close: () =>
        new Promise<void>((r) => {
          server.closeAllConnections();
          server.close(() => r());
        }),
    };
  }
  const withoutDate = ({ date: _date, ...rest }: http.IncomingHttpHeaders) => rest;
  /** The event's data: its id and answer are the same from both ways in (the retry delay is random per stream). */
  const dataOf = (text: string) => text.slice(text.indexOf('id: '));

  it("opens a browser's stream before Koa, with the route's status, headers and first event, gzipped or not", async () => {
    const s = await served();
    try {
      for (const [plain, weighted] of [
        [BROWSER_ENCODINGS, 'gzip;q=1, br;q=0.5'],
        ['br', 'br;q=1'],
      ] as const) {
        const early = await open(s.url, { 'Accept-Encoding': plain, 'X-Forwarded-For': freshAddress() });
        expect(s.koaSaw).toEqual([]);
        const routed = await open(s.url, { 'Accept-Encoding': weighted, 'X-Forwarded-For': freshAddress() });
        expect(s.koaSaw).toEqual(['GET /api/np/events']);
        s.koaSaw.length = 0;
        expect(early.status).toBe(200);
        expect(early.headers['content-type']).toBe('text/event-stream');
        expect(early.headers['content-encoding']).toBe(plain === 'br' ? undefined : 'gzip');
        expect(withoutDate(early.headers)).toEqual(withoutDate(routed.headers));
        expect(dataOf(early.text)).toBe(dataOf(routed.text));
        expect(early.text).toMatch(/^retry: \d+\n\n/);
        await Promise.all([early.close(), routed.close()]);
      }
    } finally {
      await s.close();
    }
  });

  it('leaves HEAD, an admin key, no Accept-Encoding and a refusal to the route, and gives a place back when its stream closes', async () => {
    const s = await served();
    try {
      const head = await open(s.url, { 'Accept-Encoding': BROWSER_ENCODINGS, 'X-Forwarded-For': freshAddress() }, 'HEAD');
      expect(head.status).toBe(200);
      const keyed = await open(s.url, { 'Accept-Encoding': BROWSER_ENCODINGS, 'X-Forwarded-For': freshAddress(), 'X-Admin-Key': ADMIN_KEY });
      expect(keyed.status).toBe(200);
      const bare = await open(s.url, { 'X-Forwarded-For': freshAddress() });
      expect(bare.status).toBe(200);
      expect(s.koaSaw).toEqual(['HEAD /api/np/events', 'GET /api/np/events', 'GET /api/np/events']);
      await Promise.all([head.close(), keyed.close(), bare.close()]);
      s.koaSaw.length = 0;

      // Two places per address (NP_EVENTS_MAX_PER_ADDRESS), taken before Koa: the third is the route's 429.
      const address = freshAddress();
      const sent = { 'Accept-Encoding': BROWSER_ENCODINGS, 'X-Forwarded-For': address };
      const first = await open(s.url, sent);
      const second = await open(s.url, sent);
      expect([first.status, second.status, s.koaSaw]).toEqual([200, 200, []]);
      const third = await open(s.url, sent);
      expect(third.status).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
      expect(JSON.parse(third.text)).toEqual({ error: 'Too many now-playing streams from this address' });
      expect(s.koaSaw).toEqual(['GET /api/np/events']);
      await first.close();
      await expect.poll(async () => {
        const again = await open(s.url, sent);
        await again.close();
        return again.status;
      }).toBe(200);
      await second.close();
    } finally {
      await s.close();
    }
  });
});
