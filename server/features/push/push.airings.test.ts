import { describe, expect, it } from 'vitest';
import { airingsBetween } from './push.airings';

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
