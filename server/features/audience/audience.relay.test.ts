import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { adminHeaders } from '../../test/api-requests';
import { describeEachEngine } from '../../test/test-app';
import { liveRepository } from '../live/live.repository';
import { createLiveStorage } from '../live/live.storage';

const MIN = 60_000;
const HOUR = 3_600_000;
const VLC = 'VLC/3.0.20 LibVLC/3.0.20';
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const SEGMENT = 'low-0badf00d-0.ts';

// The relay's segment requests from players that are not ours, grouped into listening sessions
// (docs/api.md "Audience"): by an anonymous key kept in memory, ended by two minutes without a
// segment, shown as the 'relay' source and never counted twice with our player's beacon.
describeEachEngine('audience from the relay', (t) => {
  let base = 0;
  let hourNo = 0;
  beforeAll(async () => {
    await t().db('settings').where({ tenant: 'caribbean' }).delete();
    await t().db('settings').insert({ tenant: 'caribbean', data: JSON.stringify({ streamUrl: 'https://stream.example.com/live', liveRelay: true }), updated_at: new Date().toISOString() });
    const bytes = Buffer.from('G'.repeat(188 * 3));
    await createLiveStorage({ uploadDir: t().config.uploadDir }).put('caribbean', SEGMENT, bytes);
    await liveRepository(t().db).addSegment('caribbean', { rendition: 'low', seq: 0, disc: 0, name: SEGMENT, duration: 4, startedMs: Date.now(), bytes: bytes.length });
  });
  beforeEach(() => {
    hourNo += 1;
    // A day each: unique listeners are counted by day.
    base = Date.UTC(2033, 0, 1) + hourNo * 24 * HOUR;
  });
  const at = (minutes: number) => base + minutes * MIN;
  const relaySessions = () => t().db('listening_sessions').where({ tenant: 'caribbean', source: 'relay' }).where('started_ms', '>=', base).where('started_ms', '<', base + HOUR);
  /** A segment asked for at minute `m`; the first of a session waits for its row. */
  const segment = async (m: number, address: string, ua = VLC, query = 'tenant=caribbean') => {
    t().clock.now = at(m);
    const before = (await relaySessions()).length;
    const res = await t().http().get(`/live/${SEGMENT}?${query}`).set('X-Forwarded-For', address).set('User-Agent', ua);
    expect(res.status).toBe(200);
    return before;
  };
  const settle = async (count: number) => {
    for (let i = 0; i < 50 && (await relaySessions()).length < count; i++) await sleep(20);
    expect(await relaySessions()).toHaveLength(count);
  };
  const report = async () => {
    t().clock.now = at(30);
    const q = `tenant=caribbean&from=${new Date(base).toISOString()}&to=${new Date(base + HOUR).toISOString()}`;
    const res = await t().http().get(`/api/admin/audience?${q}`).set(adminHeaders());
    expect(res.status).toBe(200);
    return res.body as { hours: { peak: number; unique: number }[]; totals: { listeningHours: number; sessions: number; uniqueListeners: number }; sources: { source: string; listeningHours: number }[] };
  };
  const every = async (from: number, to: number, address: string, ua = VLC, query?: string) => {
    for (let m = from; m <= to; m += 0.5) await segment(m, address, ua, query);
  };

  it('groups one player’s segment requests into a session that ends at its last segment', async () => {
    await segment(0, '203.0.113.7');
    await settle(1);
    await every(0.5, 5, '203.0.113.7');
    const r = await report();
    expect(r.totals).toMatchObject({ sessions: 1, listeningHours: 0.08, uniqueListeners: 1 });
    expect(r.hours[0]).toMatchObject({ peak: 1, unique: 1 });
    expect(r.sources).toEqual([
      { source: 'player', listeningHours: 0 },
      { source: 'relay', listeningHours: 0.08 },
    ]);
    // Nothing of the address is stored with the session.
    const rows = await relaySessions();
    expect(JSON.stringify(rows)).not.toContain('203.0.113.7');
    expect(rows[0]).toMatchObject({ kind: 'live', country: null, ended: 'timeout' });
    expect(Boolean(rows[0].open)).toBe(false);
  });

  it('tells players apart by address and user agent, and starts a new session of the same listener after two minutes without a segment', async () => {
    await segment(0, '203.0.113.8');
    await segment(0, '203.0.113.8', SAFARI);
    await segment(0, '203.0.113.9');
    await settle(3);
    await every(0.5, 3, '203.0.113.8');
    await every(0.5, 3, '203.0.113.8', SAFARI);
    await every(0.5, 3, '203.0.113.9');
    // Three minutes of silence, then the first player again: a second session, the same listener.
    await segment(6, '203.0.113.8');
    await settle(4);
    await every(6.5, 8, '203.0.113.8');
    const r = await report();
    expect(r.totals).toMatchObject({ sessions: 4, listeningHours: 0.18, uniqueListeners: 3 });
    expect(r.hours[0]).toMatchObject({ peak: 3, unique: 3 });
  });

  it("leaves out our player's requests (counted by its beacon) and bots", async () => {
    await every(0, 4, '203.0.113.10', SAFARI, 'tenant=caribbean&beacon=1');
    await every(0, 4, '203.0.113.11', 'curl/8.5.0');
    await sleep(100);
    expect(await relaySessions()).toHaveLength(0);
    expect((await report()).totals.sessions).toBe(0);
  });

  it("carries our player's mark onto every URI of the playlists, so its segment requests carry it", async () => {
    const master = await t().http().get('/live/master.m3u8?tenant=caribbean&beacon=1');
    expect(master.text).toContain('low.m3u8?tenant=caribbean&beacon=1');
    t().clock.now = Date.now();
    const playlist = await t().http().get('/live/low.m3u8?tenant=caribbean&beacon=1');
    expect(playlist.text).toContain(`${SEGMENT}?tenant=caribbean&beacon=1`);
    expect((await t().http().get('/live/master.m3u8?tenant=caribbean')).text).not.toContain('beacon');
  });
});
