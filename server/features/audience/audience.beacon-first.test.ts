import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { expect, it } from 'vitest';
import { createApp } from '../../app';
import { listenLocally } from '../../test/listen-locally';
import { describeEachEngine, freshAddress } from '../../test/test-app';
import { BEACON_RATE } from './audience.beacon-request';

// docs/performance.md "Heartbeats": a beacon with nothing to refuse is answered before Koa,
// exactly as the route would answer it; everything else reaches the route, read already.

const BROWSER = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function post(url: string, body: string, headers: Record<string, string>, framing: 'length' | 'chunked' = 'length'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}/api/listening`, { method: 'POST', agent: false, headers: { ...headers, ...(framing === 'length' ? { 'Content-Length': String(Buffer.byteLength(body)) } : {}) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    // Chunked: no Content-Length, which the early answer leaves to the route.
    if (framing === 'chunked') req.write(body.slice(0, 10));
    req.end(framing === 'chunked' ? body.slice(10) : body);
  });
}

describeEachEngine('the listening beacon answered before Koa', (t) => {
  /** The app on a socket, with what reaches Koa's chain noted. */
  async function served() {
    const app = createApp({ db: t().db, config: t().config, now: () => t().clock.now });
    const koaSaw: string[] = [];
    app.middleware.unshift(async (ctx, next) => {
      koaSaw.push(ctx.path);
      await next();
    });
    const server = http.createServer(app.callback());
    const url = await listenLocally(server);
    return { url, koaSaw, close: () => new Promise<void>((r) => server.close(() => r())) };
  }
  const beacon = (e = 'start', seq = 0) => JSON.stringify({ n: t().clock.now, events: [{ s: randomUUID(), i: randomUUID(), e, seq, t: t().clock.now, kind: 'live', country: 'JM' }] });
  const sent = (address = freshAddress()) => ({ 'Content-Type': 'text/plain;charset=UTF-8', 'User-Agent': BROWSER, 'X-Forwarded-For': address });
  const withoutDate = ({ date: _date, ...rest }: http.IncomingHttpHeaders) => rest;

  it('answers a beacon with nothing to refuse before Koa, with the status, headers and body of the route', async () => {
    const s = await served();
    try {
      const early = await post(s.url, beacon(), sent());
      expect(s.koaSaw).toEqual([]);
      const chained = await post(s.url, beacon(), sent(), 'chunked');
      expect(s.koaSaw).toEqual(['/api/listening']);
      expect(early.status).toBe(202);
      expect(early.body).toBe('{"accepted":1,"refused":0}');
      expect({ ...early, headers: withoutDate(early.headers) }).toEqual({ ...chained, headers: withoutDate(chained.headers) });
    } finally {
      await s.close();
    }
  });

  it('leaves every other request to the route, which answers it from the bytes read already', async () => {
    const s = await served();
    try {
      const malformed = await post(s.url, '{"n":', sent());
      expect([malformed.status, JSON.parse(malformed.body)]).toEqual([400, { error: 'Malformed JSON' }]);
      const refused = await post(s.url, JSON.stringify({ n: 1, events: [] }), sent());
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.body).issues).toBeDefined();
      const bot = await post(s.url, beacon(), { ...sent(), 'User-Agent': 'Googlebot/2.1' });
      expect(bot.status).toBe(403);
      const html = await post(s.url, beacon(), { ...sent(), 'Content-Type': 'text/html' });
      expect([html.status, JSON.parse(html.body)]).toEqual([400, { error: 'Send the beacon as text/plain or application/json' }]);
      expect(s.koaSaw).toHaveLength(4);
    } finally {
      await s.close();
    }
  });

  it('counts the rate limit once for both: over it, the route answers 429', async () => {
    const s = await served();
    try {
      const address = freshAddress();
      for (let k = 0; k < BEACON_RATE.perMinute; k += 50) {
        const answers = await Promise.all(Array.from({ length: Math.min(50, BEACON_RATE.perMinute - k) }, () => post(s.url, beacon(), sent(address))));
        expect(answers.map((a) => a.status)).toEqual(answers.map(() => 202));
      }
      expect(s.koaSaw).toEqual([]);
      const over = await post(s.url, beacon(), sent(address));
      expect(over.status).toBe(429);
      expect(over.headers['retry-after']).toBeDefined();
      expect(s.koaSaw).toEqual(['/api/listening']);
    } finally {
      await s.close();
    }
  });
});
