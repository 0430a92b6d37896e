import { randomUUID } from 'node:crypto';
import { beforeEach, expect, it } from 'vitest';
import type { Deps } from '../../http/context';
import { adminHeaders } from '../../test/api-requests';
import { audienceService } from './audience.service';
import { describeEachEngine, freshAddress } from '../../test/test-app';

const MIN = 60_000;
const HOUR = 3_600_000;
const UA = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131 Mobile Safari/537.36';

interface Ev {
  s: string;
  i: string;
  e: 'start' | 'beat' | 'stop';
  seq: number;
  t: number;
  kind: 'live' | 'episode' | 'track';
  country?: string;
}

describeEachEngine('audience', (t) => {
  /** Each test in its own hour of a far day: the report of that hour holds its sessions only. */
  let base = 0;
  let hourNo = 0;
  beforeEach(async () => {
    hourNo += 2;
    base = Date.UTC(2031, 0, 1) + hourNo * HOUR;
    t().clock.now = base;
  });
  const at = (minutes: number) => base + minutes * MIN;
  /** Sends events as the device would, at the test clock's now (the device's clock agrees). */
  const send = (events: Ev[], ua = UA) =>
    t().http().post('/api/listening').set('X-Forwarded-For', freshAddress()).set('User-Agent', ua).set('Content-Type', 'text/plain;charset=UTF-8').send(JSON.stringify({ n: t().clock.now, events }));
  const listener = (kind: Ev['kind'] = 'live', install = randomUUID(), country = 'GY') => {
    const s = randomUUID();
    let seq = 0;
    return {
      install,
      ev: (e: Ev['e'], time: number): Ev => ({ s, i: install, e, seq: seq++, t: time, kind, country }),
    };
  };
  const report = async (fromMs = base, toMs = base + HOUR) => {
    const res = await t().http().get(`/api/admin/audience?from=${new Date(fromMs).toISOString()}&to=${new Date(toMs).toISOString()}`).set(adminHeaders());
    expect(res.status).toBe(200);
    return res.body as { hours: { hour: string; peak: number; average: number; listeningHours: number; unique: number }[]; totals: { listeningHours: number; uniqueListeners: number; averageMinutes: number; sessions: number }; kinds: { kind: string; listeningHours: number }[]; countries: { country: string; listeningHours: number }[] };
  };
  /** Plays from minute `from` to `to` with a beat each minute, live as the beacons come. */
  const play = async (l: ReturnType<typeof listener>, from: number, to: number, stop = true) => {
    t().clock.now = at(from);
    expect((await send([l.ev('start', at(from))])).body).toEqual({ accepted: 1, refused: 0 });
    for (let m = from + 1; m <= to; m++) {
      t().clock.now = at(m);
      await send([l.ev('beat', at(m))]);
    }
    if (stop) await send([l.ev('stop', at(to))]);
  };

  it('counts a listener who pauses only while sound played: the stop ends the session', async () => {
    const l = listener();
    await play(l, 0, 10);
    // Paused for 20 minutes: nothing is sent and nothing counts.
    t().clock.now = at(30);
    const r = await report();
    expect(r.hours[0]).toMatchObject({ peak: 1, unique: 1, listeningHours: 0.17 });
    expect(r.totals).toMatchObject({ sessions: 1, averageMinutes: 10, uniqueListeners: 1 });
  });

  it('closes a session whose heartbeats stopped at its last heartbeat (the tab was killed)', async () => {
    const l = listener();
    await play(l, 0, 6, false);
    t().clock.now = at(40);
    const r = await report();
    expect(r.totals.listeningHours).toBe(0.1);
    expect(r.totals.sessions).toBe(1);
  });

  it('accepts the beats of a listener who went offline, sent late in one batch with their own times', async () => {
    const l = listener('episode');
    await play(l, 0, 3, false);
    // Offline from minute 3 to 9: the beats wait in the outbox. The close pass ends the session at 3.
    t().clock.now = at(9);
    expect((await report()).totals.listeningHours).toBe(0.05);
    const late = [4, 5, 6, 7, 8].map((m) => l.ev('beat', at(m)));
    expect((await send([...late, l.ev('stop', at(9))])).body).toEqual({ accepted: 6, refused: 0 });
    const r = await report();
    expect(r.totals.listeningHours).toBe(0.15);
    expect(r.totals.sessions).toBe(1);
    expect(r.hours[0]!.peak).toBe(1);
    expect(r.kinds.find((k) => k.kind === 'episode')!.listeningHours).toBe(0.15);
  });

  it('counts two tabs of one install once: the new session closes the old', async () => {
    const install = randomUUID();
    const a = listener('live', install);
    const b = listener('live', install);
    t().clock.now = at(0);
    await send([a.ev('start', at(0))]);
    t().clock.now = at(1);
    await send([a.ev('beat', at(1))]);
    t().clock.now = at(2);
    await send([b.ev('start', at(2))]);
    // The first tab goes on beating: its session is closed, so it no longer counts.
    for (let m = 3; m <= 5; m++) {
      t().clock.now = at(m);
      expect((await send([a.ev('beat', at(m))])).body.accepted).toBe(0);
      await send([b.ev('beat', at(m))]);
    }
    await send([b.ev('stop', at(5))]);
    const r = await report();
    expect(r.hours[0]).toMatchObject({ peak: 1, unique: 1 });
    // a: minute 0 to its last beat at 1; b: 2 to 5.
    expect(r.totals.listeningHours).toBe(0.07);
  });

  it('counts a session from its start when the start reached the server after its first beat, or beside it', async () => {
    // Separate beacons can overtake one another or be handled side by side: a beat that came
    // first opened the session at its own time; the start moves it back to where sound began.
    const overtaken = listener();
    const start = overtaken.ev('start', at(0));
    const beat = overtaken.ev('beat', at(1));
    t().clock.now = at(1);
    expect((await send([beat])).body.accepted).toBe(1);
    expect((await send([start])).body.accepted).toBe(1);
    // Replayed, it is refused as before.
    expect((await send([start])).body.accepted).toBe(0);
    const beside = listener();
    const answers = await Promise.all([send([beside.ev('start', at(0))]), send([beside.ev('beat', at(1))])]);
    expect(answers.map((a) => a.body.accepted)).toEqual([1, 1]);
    for (const l of [overtaken, beside]) {
      for (const m of [2, 3]) {
        t().clock.now = at(m);
        await send([l.ev('beat', at(m))]);
      }
      await send([l.ev('stop', at(3))]);
    }
    t().clock.now = at(10);
    const r = await report();
    expect(r.totals).toMatchObject({ sessions: 2, listeningHours: 0.1, averageMinutes: 3 });
  });

  it('counts a session from its start when a later beat opened it, its beats having been sent together', async () => {
    // A page whose timers fired together (a phone waking, a test's clock) sends its beats a few
    // milliseconds apart: the third can open the session three minutes after the start. Each
    // missing event could be up to SESSION_TIMEOUT_MS after the one before, so the start is
    // still this session's and moves it back; one further back than that is refused.
    const l = listener();
    const start = l.ev('start', at(0));
    const beats = [1, 2, 3].map((m) => l.ev('beat', at(m)));
    t().clock.now = at(3);
    expect((await send([beats[2]!])).body.accepted).toBe(1);
    expect((await send([beats[0]!])).body.accepted).toBe(0);
    expect((await send([start])).body.accepted).toBe(1);
    expect((await send([l.ev('stop', at(3))])).body.accepted).toBe(1);
    const far = listener();
    const farStart = far.ev('start', at(0));
    far.ev('beat', at(1));
    t().clock.now = at(5);
    expect((await send([far.ev('beat', at(5))])).body.accepted).toBe(1);
    expect((await send([farStart])).body.accepted).toBe(0);
    await send([far.ev('stop', at(5))]);
    // Opened by its first beat three minutes after the start, then a beat two minutes later: the
    // start is near enough the opening beat but not the last heartbeat (a silence of three
    // minutes would have ended it), so it is refused.
    const broken = listener();
    const brokenStart = broken.ev('start', at(0));
    t().clock.now = at(3);
    expect((await send([broken.ev('beat', at(3))])).body.accepted).toBe(1);
    t().clock.now = at(5);
    expect((await send([broken.ev('beat', at(5))])).body.accepted).toBe(1);
    expect((await send([brokenStart])).body.accepted).toBe(0);
    await send([broken.ev('stop', at(5))]);
    t().clock.now = at(10);
    const r = await report();
    // 3 minutes, then 0 and 2: 0.08 hours in three sessions.
    expect(r.totals).toMatchObject({ sessions: 3, listeningHours: 0.08 });
  });

  it('refuses a replayed beacon and a seq that does not go up', async () => {
    const l = listener();
    t().clock.now = at(0);
    const start = l.ev('start', at(0));
    await send([start]);
    t().clock.now = at(1);
    const beat = l.ev('beat', at(1));
    expect((await send([beat])).body).toEqual({ accepted: 1, refused: 0 });
    expect((await send([beat])).body).toEqual({ accepted: 0, refused: 1 });
    expect((await send([start])).body).toEqual({ accepted: 0, refused: 1 });
    // A replay with a later time but the same seq.
    t().clock.now = at(30);
    expect((await send([{ ...beat, t: at(30) }])).body).toEqual({ accepted: 0, refused: 1 });
    const r = await report();
    expect(r.totals.listeningHours).toBe(0.02);
    expect(r.totals.sessions).toBe(1);
  });

  it('refuses bots, and counts nothing from them', async () => {
    const l = listener();
    const res = await send([l.ev('start', at(0))], 'Googlebot/2.1 (+http://www.google.com/bot.html)');
    expect(res.status).toBe(403);
    expect((await send([l.ev('start', at(0))], 'curl/8.5.0')).status).toBe(403);
    t().clock.now = at(10);
    expect((await report()).totals.sessions).toBe(0);
  });

  it('refuses events from outside the limits: far in the future, or older than 48 hours', async () => {
    const l = listener();
    t().clock.now = at(0);
    expect((await send([l.ev('start', at(0) + 10 * MIN)])).body.accepted).toBe(0);
    expect((await send([l.ev('start', at(0) - 49 * HOUR)])).body.accepted).toBe(0);
  });

  it('gives the same figures in the CSV as on the page, and keeps owners and editors only', async () => {
    await play(listener('live', randomUUID(), 'JM'), 0, 7);
    await play(listener('track'), 3, 5);
    t().clock.now = at(50);
    const q = `from=${new Date(base).toISOString()}&to=${new Date(base + 3 * HOUR).toISOString()}`;
    const page = (await t().http().get(`/api/admin/audience?${q}`).set(adminHeaders())).body as { hours: Record<string, unknown>[] };
    const csv = await t().http().get(`/api/admin/audience.csv?${q}`).set(adminHeaders());
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('hour,peak,average,listeningHours,unique');
    expect(lines.slice(1)).toEqual(page.hours.map((h) => [h.hour, h.peak, h.average, h.listeningHours, h.unique].join(',')));
    expect(lines[1]).toBe(`${new Date(base).toISOString()},2,0.15,0.15,2`);
    expect((await t().http().get(`/api/admin/audience?${q}`)).status).toBe(401);
  });

  it("records the upstream's own listener count as a separate hourly series", async () => {
    const service = audienceService({ db: t().db, now: () => t().clock.now } as unknown as Deps);
    const cache = (listeners: number) => ({ tenant: 'watzhott', url: 'http://upstream.example/np', fetched_ms: t().clock.now, payload: JSON.stringify({ data: { listeners }, fetchedMs: t().clock.now, songSinceMs: t().clock.now }) });
    await t().db('np_cache').where({ tenant: 'watzhott' }).delete();
    t().clock.now = at(5);
    await t().db('np_cache').insert(cache(40));
    await service.sampleUpstream();
    t().clock.now = at(6);
    await t().db('np_cache').where({ tenant: 'watzhott' }).update(cache(60));
    await service.sampleUpstream();
    // A stale count is not sampled.
    t().clock.now = at(20);
    await service.sampleUpstream();
    const r = (await report()) as unknown as { upstream: unknown[]; totals: { sessions: number } };
    expect(r.upstream).toEqual([{ hour: new Date(base).toISOString(), peak: 60, average: 50 }]);
    expect(r.totals.sessions).toBe(0);
    await t().db('np_cache').where({ tenant: 'watzhott' }).delete();
  });

  it('purges raw sessions after 90 days and keeps the aggregates', async () => {
    await play(listener(), 0, 4);
    const service = audienceService({ db: t().db, now: () => t().clock.now } as unknown as Deps);
    t().clock.now = at(0) + 91 * 24 * HOUR;
    expect(await service.purge()).toBeGreaterThanOrEqual(1);
    expect(await t().db('listening_sessions').where('started_ms', '<', at(1))).toEqual([]);
    t().clock.now = at(10);
    expect((await report()).totals.listeningHours).toBe(0.07);
  });
  it('splits a session across an hour boundary between the two hours, its total the whole session', async () => {
    // From hh:58 to hh+1:02 (base is a whole hour: minute 58 of the hour before it is -2).
    const l = listener();
    await play(l, -2, 2);
    t().clock.now = at(10);
    const r = await report(base - HOUR, base + HOUR);
    expect(r.hours.map((h) => [h.peak, h.listeningHours, h.unique])).toEqual([
      [1, 0.03, 1],
      [1, 0.03, 1],
    ]);
    expect(r.totals).toMatchObject({ sessions: 1, averageMinutes: 4, uniqueListeners: 1 });
    const csv = (await t().http().get(`/api/admin/audience.csv?from=${new Date(base - HOUR).toISOString()}&to=${new Date(base + HOUR).toISOString()}`).set(adminHeaders())).text;
    expect(csv.trim().split('\r\n').slice(1).map((l) => l.split(',').slice(1).join(','))).toEqual(['1,0.03,0.03,1', '1,0.03,0.03,1']);
    expect(r.totals.listeningHours).toBe(0.07);
  });

  it("counts a session that crossed the hour by a device's clock ahead of the server's (within the allowance) in full", async () => {
    // The device's clock runs 4 minutes ahead: its hh:58 to hh+1:02 is the server's hh:54 to hh:58.
    const ahead = 4 * MIN;
    const l = listener();
    const device = (m: number) => at(m) + ahead;
    t().clock.now = at(-6);
    const sendAt = (ev: Ev) => t().http().post('/api/listening').set('X-Forwarded-For', freshAddress()).set('User-Agent', UA).set('Content-Type', 'text/plain;charset=UTF-8').send(JSON.stringify({ n: t().clock.now + ahead, events: [ev] }));
    expect((await sendAt(l.ev('start', device(-6)))).body.accepted).toBe(1);
    for (let m = -5; m <= -2; m++) {
      t().clock.now = at(m);
      expect((await sendAt(l.ev(m === -2 ? 'stop' : 'beat', device(m)))).body.accepted).toBe(1);
    }
    // The report asked at the server's hh:59: the session's last two minutes are in the next hour.
    t().clock.now = at(-1);
    const r = await report(base - HOUR, base + HOUR);
    expect(r.totals.listeningHours).toBe(0.07);
    expect(r.totals.sessions).toBe(1);
  });
});
