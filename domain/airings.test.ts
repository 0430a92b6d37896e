import { describe, expect, it } from 'vitest';
import { airingsBetween, airingsOnAir } from './airings';

const at = (iso: string) => Date.parse(iso);
const show = (startTime: string, days: string[] = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) => ({ startTime, days: days as never });

describe('airingsBetween', () => {
  it('finds the airing starting inside the window, read in the zone', () => {
    // 2026-11-26 is a Thursday; Guyana is UTC-4 all year.
    const s = show('19:00', ['Thursday']);
    const found = airingsBetween([s], at('2026-11-26T22:50:00Z'), at('2026-11-26T23:00:00Z'), 'America/Guyana');
    expect(found).toEqual([{ show: s, key: '2026-11-26T19:00', startsAtMs: at('2026-11-26T23:00:00Z') }]);
    // Just before the window and on another day: nothing.
    expect(airingsBetween([s], at('2026-11-26T22:49:00Z'), at('2026-11-26T22:59:00Z'), 'America/Guyana')).toEqual([]);
    expect(airingsBetween([show('19:00', ['Friday'])], at('2026-11-26T22:50:00Z'), at('2026-11-26T23:00:00Z'), 'America/Guyana')).toEqual([]);
  });

  it('finds a midnight show on its own day', () => {
    const s = show('00:00', ['Friday']);
    const found = airingsBetween([s], at('2026-11-27T03:55:00Z'), at('2026-11-27T04:05:00Z'), 'America/Guyana');
    expect(found.map((a) => [a.key, new Date(a.startsAtMs).toISOString()])).toEqual([['2026-11-27T00:00', '2026-11-27T04:00:00.000Z']]);
  });

  it('a start time the clocks skip (spring forward) airs at the first minute after the gap', () => {
    // New York, Sunday 2026-03-08: 02:00 EST becomes 03:00 EDT (07:00Z); 02:30 never happens.
    const s = show('02:30', ['Sunday']);
    const found = airingsBetween([s], at('2026-03-08T06:00:00Z'), at('2026-03-08T08:00:00Z'), 'America/New_York');
    expect(found.map((a) => [a.key, new Date(a.startsAtMs).toISOString()])).toEqual([['2026-03-08T02:30', '2026-03-08T07:00:00.000Z']]);
  });

  it('a start time that happens twice (fall back) is one airing: both have the same key', () => {
    // New York, Sunday 2026-11-01: 01:30 EDT (05:30Z), then 01:30 EST (06:30Z).
    const s = show('01:30', ['Sunday']);
    const found = airingsBetween([s], at('2026-11-01T05:00:00Z'), at('2026-11-01T07:00:00Z'), 'America/New_York');
    expect(found.map((a) => [a.key, new Date(a.startsAtMs).toISOString()])).toEqual([
      ['2026-11-01T01:30', '2026-11-01T05:30:00.000Z'],
      ['2026-11-01T01:30', '2026-11-01T06:30:00.000Z'],
    ]);
    // A show after the change airs once, at its EST time.
    const later = show('09:00', ['Sunday']);
    expect(airingsBetween([later], at('2026-11-01T13:00:00Z'), at('2026-11-01T15:00:00Z'), 'America/New_York').map((a) => new Date(a.startsAtMs).toISOString())).toEqual(['2026-11-01T14:00:00.000Z']);
  });
});

describe('airingsOnAir', () => {
  const timed = (s: { startTime: string; endTime: string; days: string[] }) => ({ ...s, days: s.days as never });
  const onAir = (shows: ReturnType<typeof timed>[], iso: string, zone: string) =>
    airingsOnAir(shows, at(iso), zone).map((a) => [a.key, new Date(a.startsAtMs).toISOString(), new Date(a.endsAtMs).toISOString()]);

  it('a show is on air from its start, in the zone, until its end (excluded)', () => {
    // Thursday 19:00–21:00 in Guyana (UTC-4) is 23:00Z–01:00Z.
    const s = timed({ startTime: '19:00', endTime: '21:00', days: ['Thursday'] });
    expect(onAir([s], '2026-11-26T22:59:59Z', 'America/Guyana')).toEqual([]);
    expect(onAir([s], '2026-11-26T23:00:00Z', 'America/Guyana')).toEqual([['2026-11-26T19:00', '2026-11-26T23:00:00.000Z', '2026-11-27T01:00:00.000Z']]);
    expect(onAir([s], '2026-11-27T00:59:59Z', 'America/Guyana')).toHaveLength(1);
    expect(onAir([s], '2026-11-27T01:00:00Z', 'America/Guyana')).toEqual([]);
    // The zone decides: 19:30Z is 19:30 in UTC (on air there) and 15:30 in Guyana (not).
    expect(onAir([s], '2026-11-26T19:30:00Z', 'UTC')).toEqual([['2026-11-26T19:00', '2026-11-26T19:00:00.000Z', '2026-11-26T21:00:00.000Z']]);
    expect(onAir([s], '2026-11-26T19:30:00Z', 'America/Guyana')).toEqual([]);
  });

  it('a show past midnight stays on air into the next day, keyed by the day it started', () => {
    // Friday 23:00 to 01:00 in Jamaica (UTC-5): on air early Saturday, not early Friday.
    const s = timed({ startTime: '23:00', endTime: '01:00', days: ['Friday'] });
    expect(onAir([s], '2026-11-28T05:30:00Z', 'America/Jamaica')).toEqual([['2026-11-27T23:00', '2026-11-28T04:00:00.000Z', '2026-11-28T06:00:00.000Z']]);
    expect(onAir([s], '2026-11-27T05:30:00Z', 'America/Jamaica')).toEqual([]);
    expect(onAir([s], '2026-11-28T06:00:00Z', 'America/Jamaica')).toEqual([]);
  });

  it('a show ending at midnight ends at the next day\'s 00:00', () => {
    const s = timed({ startTime: '22:00', endTime: '00:00', days: ['Sunday'] });
    expect(onAir([s], '2026-11-30T03:59:00Z', 'America/Guyana')).toEqual([['2026-11-29T22:00', '2026-11-30T02:00:00.000Z', '2026-11-30T04:00:00.000Z']]);
  });

  it('finds several shows at once and only those on air', () => {
    const a = timed({ startTime: '06:00', endTime: '09:00', days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] });
    const b = timed({ startTime: '08:00', endTime: '08:30', days: ['Thursday'] });
    const c = timed({ startTime: '09:00', endTime: '10:00', days: ['Thursday'] });
    // Thursday 08:15 in Port of Spain (UTC-4).
    expect(airingsOnAir([a, b, c], at('2026-11-26T12:15:00Z'), 'America/Port_of_Spain').map((x) => x.show)).toEqual([a, b]);
  });

  it('a show across the clocks going back lasts its wall-clock length plus the repeated hour, and is one airing', () => {
    // New York, Sunday 2026-11-01: 00:30–02:30 local is 04:30Z–07:30Z (01:00–02:00 happens twice).
    const s = timed({ startTime: '00:30', endTime: '02:30', days: ['Sunday'] });
    expect(onAir([s], '2026-11-01T07:00:00Z', 'America/New_York')).toEqual([['2026-11-01T00:30', '2026-11-01T04:30:00.000Z', '2026-11-01T07:30:00.000Z']]);
    // A show starting in the repeated hour is recorded once, from its first start.
    const r = timed({ startTime: '01:30', endTime: '03:00', days: ['Sunday'] });
    expect(onAir([r], '2026-11-01T06:45:00Z', 'America/New_York')).toEqual([['2026-11-01T01:30', '2026-11-01T05:30:00.000Z', '2026-11-01T08:00:00.000Z']]);
  });
});
