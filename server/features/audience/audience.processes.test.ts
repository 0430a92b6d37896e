import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { BeaconEvent } from '../../../domain/audience';
import type { Deps } from '../../http/context';
import { adminHeaders } from '../../test/api-requests';
import { describeEachEngine } from '../../test/test-app';
import { createAudienceService, type AudienceService } from './audience.service';

const MIN = 60_000;
const HOUR = 3_600_000;

// Heartbeats kept in each process's memory and written in batches (docs/operations.md
// "Audience"): two services over one database stand for two processes behind one PostgreSQL.
describeEachEngine('audience across processes', (t) => {
  let base = 0;
  let hourNo = 0;
  let a: AudienceService;
  let b: AudienceService;
  beforeEach(() => {
    hourNo += 1;
    base = Date.UTC(2032, 0, 1) + hourNo * HOUR;
    t().clock.now = base;
    const deps = { db: t().db, now: () => t().clock.now } as unknown as Deps;
    a = createAudienceService(deps);
    b = createAudienceService(deps);
  });
  afterEach(() => {
    a.stop();
    b.stop();
  });
  const at = (minutes: number) => base + minutes * MIN;
  const listener = (install = randomUUID()) => {
    const s = randomUUID();
    let seq = 0;
    return { s, ev: (e: BeaconEvent['e'], m: number): BeaconEvent => ({ s, i: install, e, seq: seq++, t: at(m), kind: 'live', country: 'GY' }) };
  };
  /** The event reaches `process` at its own time. */
  const send = async (process: AudienceService, ev: BeaconEvent) => {
    t().clock.now = ev.t;
    return (await process.accept('watzhott', { n: ev.t, events: [ev] })).accepted;
  };
  const report = async () => {
    const q = `from=${new Date(base).toISOString()}&to=${new Date(base + HOUR).toISOString()}`;
    const res = await t().http().get(`/api/admin/audience?${q}`).set(adminHeaders());
    return res.body as { hours: { peak: number; unique: number }[]; totals: { listeningHours: number; sessions: number } };
  };
  const row = async (id: string) => t().db('listening_sessions').where({ tenant: 'watzhott', id }).first();

  it('keeps an ordinary heartbeat in memory and writes it at the next flush', async () => {
    const l = listener();
    expect(await send(a, l.ev('start', 0))).toBe(1);
    expect(await send(a, l.ev('beat', 1))).toBe(1);
    expect(Number((await row(l.s)).last_ms)).toBe(at(0));
    await a.flush();
    expect(Number((await row(l.s)).last_ms)).toBe(at(1));
    expect((await row(l.s)).last_seq).toBe(1);
  });

  it('counts a session whose beats land on either process once, its whole length', async () => {
    const l = listener();
    await send(a, l.ev('start', 0));
    for (let m = 1; m <= 6; m++) {
      expect(await send(m % 2 ? b : a, l.ev('beat', m))).toBe(1);
      // The timers: each process writes what it kept well inside the two minutes.
      await a.flush();
      await b.flush();
    }
    // A beat written late by the slower process cannot move the session back.
    const late = l.ev('beat', 7);
    await send(a, late);
    await send(b, l.ev('beat', 8));
    await b.flush();
    await a.flush();
    expect(Number((await row(l.s)).last_ms)).toBe(at(8));
    // The other process's close pass leaves the session alone: it is not silent.
    t().clock.now = at(9);
    await b.closeStale();
    expect((await row(l.s)).open).toBeTruthy();
    expect(await send(b, l.ev('stop', 9))).toBe(1);
    t().clock.now = at(30);
    const r = await report();
    expect(r.totals).toMatchObject({ sessions: 1, listeningHours: 0.15 });
    expect(r.hours[0]).toMatchObject({ peak: 1, unique: 1 });
  });

  it('counts one install once across processes: a new tab on one closes the other, its kept beats then count nothing', async () => {
    const install = randomUUID();
    const first = listener(install);
    const second = listener(install);
    await send(a, first.ev('start', 0));
    for (let m = 1; m <= 3; m++) await send(a, first.ev('beat', m));
    await a.flush();
    await send(a, first.ev('beat', 4)); // Kept in a's memory when the new tab starts on b.
    expect(await send(b, second.ev('start', 4))).toBe(1);
    expect((await row(first.s)).open).toBeFalsy();
    // a's next write finds the session closed and lets it go; its next beat is refused.
    await send(a, first.ev('beat', 5));
    await a.flush();
    expect(await send(a, first.ev('beat', 6))).toBe(0);
    for (let m = 5; m <= 8; m++) await send(b, second.ev('beat', m));
    await send(b, second.ev('stop', 8));
    t().clock.now = at(30);
    const r = await report();
    // The first tab from 0 to its last written beat at 3, the second from 4 to 8: never both.
    expect(r.totals).toMatchObject({ sessions: 2, listeningHours: 0.12 });
    expect(r.hours[0]).toMatchObject({ peak: 1, unique: 1 });
  });

  it('closes a session held in memory after two minutes of silence, at its last heartbeat', async () => {
    const l = listener();
    await send(a, l.ev('start', 0));
    for (let m = 1; m <= 4; m++) await send(a, l.ev('beat', m));
    // Nothing written yet: the close pass writes this process's kept beats first.
    t().clock.now = at(10);
    expect(await a.closeStale()).toBeGreaterThanOrEqual(1);
    expect(Number((await row(l.s)).last_ms)).toBe(at(4));
    const r = await report();
    expect(r.totals).toMatchObject({ sessions: 1, listeningHours: 0.07 });
  });
});
