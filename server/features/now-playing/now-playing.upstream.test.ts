import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TENANT_NAMES } from '../../../domain/tenants';
import { createApp } from '../../app';
import { ADMIN_KEY, describeEachEngine, freshAddress } from '../../test/test-app';
import { UPSTREAM_REFRESH_MS } from './now-playing.poller';
import { LAST_GOOD_MAX_AGE_MS, OFF_AIR_TITLE } from './now-playing.service';
import { listenLocally } from '../../test/listen-locally';

const fixture = (name: string): string => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
const icecast = (title: string, listeners: number | null = 5) =>
  JSON.stringify({ icestats: { source: { title, ...(listeners === null ? {} : { listeners }), server_name: 'Test' } } });

/** The tests' upstream timeout: hanging upstreams give up this fast (at 300 ms a loaded host timed out good answers). */
const TEST_TIMEOUT_MS = 1_000;

type Reply = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/**
 * A now-playing upstream on 127.0.0.1 that counts the requests it gets: listening before the
 * suite's tests, closed after them.
 */
function suiteUpstream() {
  let reply: Reply = (_req, res) => res.writeHead(204).end();
  const server = http.createServer((req, res) => {
    upstream.requests += 1;
    reply(req, res);
  });
  let base = '';
  let cases = 0;
  const upstream = {
    requests: 0,
    /** A URL never used before, so no cache of an earlier test applies. */
    freshUrl: (name = 'status') => `${base}/${name}?case=${++cases}`,
    reply(fn: Reply) {
      reply = fn;
    },
    json(body: string, status = 200) {
      reply = (_req, res) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(body);
    },
  };
  beforeAll(async () => {
    base = await listenLocally(server);
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return upstream;
}

describeEachEngine(
  'now playing from an upstream',
  (t) => {
    const upstream = suiteUpstream();

    const np = (query = '') => t().http().get(`/api/np${query}`).set('X-Forwarded-For', freshAddress());

    /** Points the tenant at a fresh upstream URL, with no cache, history or schedule left. */
    async function useUpstream(tenant: 'watzhott' | 'caribbean' = 'watzhott', settings: Record<string, unknown> = {}): Promise<string> {
      const url = upstream.freshUrl();
      await t().db('np_cache').where({ tenant }).delete();
      await t().db('np_history').where({ tenant }).delete();
      await t().db('shows').where({ tenant }).delete();
      await t().db('settings').where({ tenant }).delete();
      await t()
        .db('settings')
        .insert({ tenant, data: JSON.stringify({ npJsonUrl: url, ...settings }), updated_at: new Date().toISOString() });
      upstream.requests = 0;
      return url;
    }

    it('serves an AzuraCast station: song, art, its own song_history and listeners', async () => {
      await useUpstream('caribbean');
      upstream.json(fixture('azuracast-station.json'));
      await t().db('np_history').insert({ tenant: 'caribbean', title: 'Ours', artist: 'Recorded', art: null, played_at: new Date().toISOString() });
      const res = await np('?tenant=caribbean');
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=10');
      expect(res.body).toEqual({
        nowPlaying: {
          title: 'Excess Love',
          artist: 'Sherwin Gardner',
          art: 'https://radio.example.org/api/station/caribbean_praise/art/9f33bd6f5bd4b7a1d3a7a1d41b44e8a0-1700000000.jpg',
        },
        history: [
          { title: 'Shifting the Atmosphere', artist: 'Jason Nelson', playedAt: '2026-01-05T10:54:38.000Z' },
          { title: 'Step Pon Di Devil', artist: 'Papa San', playedAt: '2026-01-05T10:50:32.000Z' },
          { title: 'Station ID', artist: 'Caribbean Praise Radio', playedAt: '2026-01-05T10:46:30.000Z' },
        ],
        listeners: 42,
        show: null,
        request: null,
      });
    });

    it('serves the first station of an AzuraCast list', async () => {
      await useUpstream();
      upstream.json(fixture('azuracast-list.json'));
      const res = await np();
      expect(res.body.nowPlaying).toMatchObject({ title: 'Like Ah Boss', artist: 'Machel Montano' });
      expect(res.body.listeners).toBe(121);
    });

    it('serves Icecast with our own history and the station logo as art', async () => {
      await useUpstream('watzhott', { logoUrl: 'https://media.example.com/wz.png' });
      upstream.json(fixture('icecast-multi.json'));
      const res = await np();
      expect(res.body).toEqual({
        nowPlaying: { title: 'Differentology (Ready for the Road) - Remix', artist: 'Bunji Garlin', art: 'https://media.example.com/wz.png' },
        history: [],
        listeners: 87,
        show: null,
        request: null,
      });
    });

    it("names the schedule's show on air beside the upstream's song", async () => {
      await useUpstream();
      await t()
        .db('shows')
        .insert({ id: 'np-show-1', tenant: 'watzhott', title: 'Soca Sunrise', description: '', start_time: '06:00', end_time: '09:00', days: JSON.stringify(['Monday']), created_at: new Date().toISOString() });
      t().clock.now = Date.parse('2026-01-05T11:00:00Z'); // Monday 07:00 in Guyana
      upstream.json(fixture('shoutcast-stats.json'));
      const res = await np();
      expect(res.body.nowPlaying.title).toBe('Smile Jamaica');
      expect(res.body.show).toBe('Soca Sunrise');
    });

    it('serves SHOUTcast v2', async () => {
      await useUpstream();
      upstream.json(fixture('shoutcast-stats.json'));
      const res = await np();
      expect(res.body.nowPlaying).toEqual({ title: 'Smile Jamaica', artist: 'Chronixx', art: '/brand/watzhott-logo.svg' });
      expect(res.body.listeners).toBe(14);
    });

    it('names the station as artist when the title has none, and passes unknown listeners as null', async () => {
      await useUpstream('watzhott', { displayName: 'Watzhott FM' });
      upstream.json(icecast('Station Jingle', null));
      const res = await np();
      expect(res.body.nowPlaying).toMatchObject({ title: 'Station Jingle', artist: 'Watzhott FM' });
      expect(res.body.listeners).toBeNull();
    });

    it('falls back to the schedule, with the source listeners, when the source plays nothing', async () => {
      await useUpstream();
      upstream.json(JSON.stringify({ icestats: { source: { listeners: 3, title: '' } } }));
      const res = await np();
      expect(res.body.nowPlaying).toMatchObject({ title: OFF_AIR_TITLE, artist: TENANT_NAMES.watzhott });
      expect(res.body.listeners).toBe(3);
    });

    it('asks the upstream once for 100 parallel listeners, and once more after 10 s', async () => {
      await useUpstream();
      upstream.json(fixture('icecast-single.json'));
      const first = await Promise.all(Array.from({ length: 100 }, () => np()));
      expect(upstream.requests).toBe(1);
      expect(first.every((r) => r.status === 200 && r.body.nowPlaying.title === 'Excess Love' && r.body.listeners === 23)).toBe(true);

      t().clock.advance(UPSTREAM_REFRESH_MS - 1);
      await Promise.all(Array.from({ length: 20 }, () => np()));
      expect(upstream.requests).toBe(1);

      t().clock.advance(10_001);
      upstream.json(icecast('Kes - Hello', 24));
      const second = await Promise.all(Array.from({ length: 100 }, () => np()));
      expect(upstream.requests).toBe(2);
      expect(second.every((r) => r.body.nowPlaying.title === 'Hello' && r.body.listeners === 24)).toBe(true);
    });

    it('shares the cached answer with another server process on the same database', async () => {
      await useUpstream();
      upstream.json(icecast('Kes - Hello', 10));
      expect((await np()).body.nowPlaying.title).toBe('Hello');
      expect(upstream.requests).toBe(1);

      // A second process: its own app and memory, the same database and clock.
      const other = createApp({ db: t().db, config: t().config, now: () => t().clock.now });
      const otherNp = () => request(other.callback()).get('/api/np').set('X-Forwarded-For', freshAddress());
      const fromOther = await otherNp();
      expect(fromOther.body.nowPlaying.title).toBe('Hello');
      expect(fromOther.body.listeners).toBe(10);
      expect(upstream.requests).toBe(1);

      // Stale for both: of the two processes asking at once, only one fetches.
      t().clock.advance(10_001);
      upstream.json(icecast('Kes - Hello', 11));
      const both = await Promise.all([...Array.from({ length: 30 }, () => np()), ...Array.from({ length: 30 }, () => otherNp())]);
      expect(both.every((r) => r.status === 200 && r.body.nowPlaying.title === 'Hello')).toBe(true);
      expect(upstream.requests).toBe(2);
    });

    it('answers the schedule fallback within the timeout when the upstream hangs, and waits 10 s to ask again', async () => {
      await useUpstream();
      const hanging: http.ServerResponse[] = [];
      upstream.reply((_req, res) => {
        hanging.push(res); // never answered
      });
      const started = Date.now();
      const results = await Promise.all(Array.from({ length: 10 }, () => np()));
      expect(Date.now() - started).toBeLessThan(TEST_TIMEOUT_MS + 4_000); // one timeout for all ten, not ten
      for (const res of results) {
        expect(res.status).toBe(200);
        expect(res.body).toEqual({
          nowPlaying: { title: OFF_AIR_TITLE, artist: TENANT_NAMES.watzhott, art: '/brand/watzhott-logo.svg' },
          history: [],
          listeners: null,
          show: null,
          request: null,
        });
      }
      expect(upstream.requests).toBe(1);
      // The failure is cached too: no second request within 10 s.
      await np();
      expect(upstream.requests).toBe(1);
      t().clock.advance(10_001);
      await np();
      expect(upstream.requests).toBe(2);
      for (const res of hanging) res.destroy();
    });

    it('gives up on an upstream that sends headers and then stalls the body', async () => {
      await useUpstream();
      upstream.reply((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.write('{"icestats":{"source":{"title":"Half');
      });
      const started = Date.now();
      const res = await np();
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(res.body.nowPlaying.title).toBe(OFF_AIR_TITLE);
    });

    it.each([
      ['an HTML error page', (res: http.ServerResponse) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body>Bad gateway</body></html>')],
      ['a 500', (res: http.ServerResponse) => res.writeHead(500, { 'Content-Type': 'application/json' }).end(icecast('Not - This'))],
      ['a 404', (res: http.ServerResponse) => res.writeHead(404).end()],
      ['truncated JSON', (res: http.ServerResponse) => res.writeHead(200).end(fixture('icecast-single.json').slice(0, 120))],
      ['JSON of another API', (res: http.ServerResponse) => res.writeHead(200).end('{"status":"ok","data":[1,2,3]}')],
      ['binary noise', (res: http.ServerResponse) => res.writeHead(200).end(Buffer.from([0, 255, 13, 10, 0x7b, 0x22, 0]))],
      ['a dropped connection', (res: http.ServerResponse) => res.socket?.destroy()],
    ])('answers the schedule fallback for %s', async (_name, reply) => {
      await useUpstream();
      upstream.reply((_req, res) => reply(res));
      const res = await np();
      expect(res.status).toBe(200);
      expect(res.body.nowPlaying).toEqual({ title: OFF_AIR_TITLE, artist: TENANT_NAMES.watzhott, art: '/brand/watzhott-logo.svg' });
      expect(res.body.listeners).toBeNull();
    });

    it('answers the last good answer while the upstream fails, for a while', async () => {
      await useUpstream();
      upstream.json(icecast('Kes - Hello', 31));
      expect((await np()).body.nowPlaying.title).toBe('Hello');
      for (const broken of ['<html>oops</html>', '{"nope":true}']) {
        t().clock.advance(10_001);
        upstream.json(broken, 200);
        const res = await np();
        expect(res.body.nowPlaying).toMatchObject({ title: 'Hello', artist: 'Kes' });
        expect(res.body.listeners).toBe(31);
      }
      t().clock.advance(10_001);
      upstream.json('', 503);
      expect((await np()).body.nowPlaying.title).toBe('Hello');
      expect(upstream.requests).toBe(4);
      // Long dead: the schedule says more than an old title.
      t().clock.advance(LAST_GOOD_MAX_AGE_MS);
      const stale = await np();
      expect(stale.body.nowPlaying.title).toBe(OFF_AIR_TITLE);
      expect(stale.body.listeners).toBeNull();
    });

    it('records history when the title or the artist changes, newest first', async () => {
      await useUpstream();
      const t0 = t().clock.now;
      upstream.json(icecast('Kes - Hello'));
      expect((await np()).body.history).toEqual([]);

      t().clock.advance(10_001);
      expect((await np()).body.history).toEqual([]); // the same song: nothing new

      t().clock.advance(10_001);
      upstream.json(icecast('Kes - Wotless'));
      const afterTitle = await np();
      expect(afterTitle.body.nowPlaying.title).toBe('Wotless');
      expect(afterTitle.body.history).toEqual([{ title: 'Hello', artist: 'Kes', playedAt: new Date(t0).toISOString() }]);
      const wotlessSince = t().clock.now;

      t().clock.advance(10_001);
      upstream.json(icecast('Machel Montano - Wotless'));
      const afterArtist = await np();
      expect(afterArtist.body.history).toEqual([
        { title: 'Wotless', artist: 'Kes', playedAt: new Date(wotlessSince).toISOString() },
        { title: 'Hello', artist: 'Kes', playedAt: new Date(t0).toISOString() },
      ]);
      // A failing upstream in between is no song change.
      t().clock.advance(10_001);
      upstream.json('garbage');
      t().clock.advance(10_001);
      upstream.json(icecast('Machel Montano - Wotless'));
      expect((await np()).body.history).toHaveLength(2);
      expect(await t().db('np_history').where({ tenant: 'watzhott' })).toHaveLength(2);
    });

    it('keeps the latest 20 recorded songs', async () => {
      await useUpstream();
      for (let i = 0; i < 23; i++) {
        upstream.json(icecast(`Band - Song ${i}`));
        // Each song seen before the next: a fetch a stalled host timed out is asked again.
        for (let tries = 0; (await np()).body.nowPlaying.title !== `Song ${i}`; tries++) {
          expect(tries, `Song ${i} seen`).toBeLessThan(3);
          t().clock.advance(10_001);
        }
        t().clock.advance(10_001);
      }
      const res = await np();
      expect(res.body.history).toHaveLength(20);
      expect(res.body.history[0].title).toBe('Song 21');
      expect(res.body.history.at(-1).title).toBe('Song 2');
    });

    it('keeps tenants apart: each has its own source, cache and history', async () => {
      await useUpstream('watzhott');
      const cpr = new URL(await useUpstream('caribbean'));
      upstream.reply((req, res) => {
        const isCpr = req.url === cpr.pathname + cpr.search;
        res.writeHead(200).end(isCpr ? icecast('Choir - Amazing Grace', 2) : icecast('Kes - Hello', 9));
      });
      const [cprRes, wzRes] = await Promise.all([np('?tenant=caribbean'), np()]);
      expect(cprRes.body.nowPlaying.title).toBe('Amazing Grace');
      expect(cprRes.body.listeners).toBe(2);
      expect(wzRes.body.nowPlaying.title).toBe('Hello');
      expect(wzRes.body.listeners).toBe(9);
      expect(upstream.requests).toBe(2);
    });

    it('asks a newly set source at once rather than after 10 s', async () => {
      await useUpstream();
      upstream.json(icecast('Kes - Hello'));
      expect((await np()).body.nowPlaying.title).toBe('Hello');
      const settings = await t().http().get('/api/settings').set('x-admin-key', ADMIN_KEY).set('X-Forwarded-For', freshAddress());
      const put = await t()
        .http()
        .put('/api/settings')
        .set('x-admin-key', ADMIN_KEY)
        .set('X-Forwarded-For', freshAddress())
        .send({ ...settings.body, streamUrl: 'https://stream.example.com/wz', radioHtmlEmbed: '<iframe></iframe>', npJsonUrl: upstream.freshUrl() });
      expect(put.status).toBe(200);
      upstream.json(fixture('shoutcast-stats.json'));
      const res = await np();
      expect(res.body.nowPlaying.title).toBe('Smile Jamaica');
      // The old source's song is no history of the new one.
      expect(res.body.history).toEqual([]);
      expect(upstream.requests).toBe(2);
    });

    it('asks nothing and keeps no cache without npJsonUrl', async () => {
      await useUpstream();
      await t().db('settings').where({ tenant: 'watzhott' }).delete();
      const res = await np();
      expect(res.body.nowPlaying.title).toBe(OFF_AIR_TITLE);
      expect(upstream.requests).toBe(0);
      expect(await t().db('np_cache').where({ tenant: 'watzhott' })).toEqual([]);
    });
  },
  { npUpstreamTimeoutMs: TEST_TIMEOUT_MS },
);

// The review's reproduction (issue 30): an npJsonUrl on the server's own machine (stored
// before the rule, or set with UPSTREAM_ALLOW_PRIVATE on and then turned off) is never asked,
// so nothing it answers reaches the public /api/np.
describeEachEngine(
  'now playing from an upstream on this machine, UPSTREAM_ALLOW_PRIVATE off',
  (t) => {
    const upstream = suiteUpstream();

    it.each([(u: string) => u, (u: string) => u.replace('127.0.0.1', 'localhost'), (u: string) => u.replace('127.0.0.1', '2130706433')])(
      'asks nothing and shows nothing it would answer (%#)',
      async (spell) => {
        upstream.json(icecast('Secret Service - Internal Only'));
        await t().db('settings').where({ tenant: 'watzhott' }).delete();
        await t()
          .db('settings')
          .insert({ tenant: 'watzhott', data: JSON.stringify({ npJsonUrl: spell(upstream.freshUrl()) }), updated_at: new Date().toISOString() });
        upstream.requests = 0;
        const res = await t().http().get('/api/np').set('X-Forwarded-For', freshAddress());
        expect(res.status).toBe(200);
        expect(JSON.stringify(res.body)).not.toMatch(/Secret|Internal/);
        expect(res.body.nowPlaying.title).toBe(OFF_AIR_TITLE);
        expect(upstream.requests).toBe(0);
      },
    );
  },
  { npUpstreamTimeoutMs: TEST_TIMEOUT_MS, upstreamAllowPrivate: false },
);
