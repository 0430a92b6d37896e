import http from 'node:http';
import { expect, it } from 'vitest';
import { useProcessEnv } from '../../test/process-env';
import { describeEachEngine, freshAddress } from '../../test/test-app';

// Issue 30: the now-playing stream cap was per address only, so many addresses together could
// hold any number of streams. docs/api.md "Now playing": NP_EVENTS_MAX_TOTAL per process, 503
// with Retry-After over it (the app then polls).

const ENV = { NP_EVENTS_MAX_TOTAL: '3', NP_EVENTS_HEARTBEAT_MS: '250' };
useProcessEnv(ENV);

/** GET /api/np/events from `address`; resolves with the status and headers, the stream left open. */
function openStream(base: string, address: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Promise<string>; close(): void }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/np/events`, { headers: { 'X-Forwarded-For': address, 'Accept-Encoding': 'identity' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      const body = new Promise<string>((done) => {
        res.on('data', (c: string) => (text += c));
        res.on('end', () => done(text));
        res.on('close', () => done(text));
      });
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body, close: () => req.destroy() });
    });
    req.on('error', reject);
  });
}

describeEachEngine('now-playing streams: a ceiling for the whole process', (t) => {
  it('answers 503 with Retry-After past NP_EVENTS_MAX_TOTAL streams from any addresses, and frees a place when one closes', async () => {
    const streams = await Promise.all([1, 2, 3].map(() => openStream(t().url, freshAddress())));
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
    const refused = await openStream(t().url, freshAddress());
    expect(refused.status).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(await refused.body).error).toMatch(/Too many listeners/);

    streams[0]!.close();
    let again = refused;
    for (let i = 0; i < 40 && again.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 25));
      again = await openStream(t().url, freshAddress());
      if (again.status !== 200) again.close();
    }
    expect(again.status).toBe(200);
    for (const s of [...streams, again]) s.close();
  });
});
