import { describe, expect, it, vi } from 'vitest';
import type { Weekday } from '../../../domain/catalog';
import {
  addDays,
  currentOrNextOccurrence,
  dayOfWeek,
  isOnAir,
  showOccurrencesInWeek,
  weekOccurrences,
  weekStartOf,
  zoneOffsetMs,
  zonedDate,
  zonedTimeToInstant,
} from './show-times';

const GUYANA = 'America/Guyana'; // UTC-4 all year
const HOUR = 3_600_000;
// 2026-01-04 is a Sunday.
const WEEK = '2026-01-04';

const show = (title: string, startTime: string, endTime: string, days: Weekday[]) => ({ id: title, title, description: '', startTime, endTime, days });
const summary = (occ: ReturnType<typeof showOccurrencesInWeek>) => occ.map((o) => `${o.weekday} ${o.date} ${o.start.toISOString()}–${o.end.toISOString()}`);

describe('plain dates', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-04', 7)).toBe('2026-01-11');
  });

  it('knows the weekday of a date', () => {
    expect(dayOfWeek('2026-01-04')).toBe(0);
    expect(dayOfWeek('2026-01-10')).toBe(6);
  });
});

describe('zone offsets and wall times', () => {
  it('gives the offset of a zone at an instant', () => {
    expect(zoneOffsetMs(new Date('2026-01-05T12:00:00Z'), GUYANA)).toBe(-4 * HOUR);
    expect(zoneOffsetMs(new Date('2026-01-05T12:00:00Z'), 'America/New_York')).toBe(-5 * HOUR);
    expect(zoneOffsetMs(new Date('2026-07-05T12:00:00Z'), 'America/New_York')).toBe(-4 * HOUR);
    expect(zoneOffsetMs(new Date('2026-01-05T12:00:00Z'), 'Asia/Kolkata')).toBe(5.5 * HOUR);
    expect(zoneOffsetMs(new Date('2026-01-05T12:00:00Z'), 'UTC')).toBe(0);
  });

  it('turns a wall time of a zone into an instant', () => {
    expect(zonedTimeToInstant('2026-01-05', '22:00', GUYANA).toISOString()).toBe('2026-01-06T02:00:00.000Z');
    expect(zonedTimeToInstant('2026-01-05', '00:00', 'UTC').toISOString()).toBe('2026-01-05T00:00:00.000Z');
    expect(zonedTimeToInstant('2026-07-05', '09:30', 'America/New_York').toISOString()).toBe('2026-07-05T13:30:00.000Z');
    expect(zonedTimeToInstant('2026-01-05', '09:30', 'Asia/Kolkata').toISOString()).toBe('2026-01-05T04:00:00.000Z');
  });

  it('reads a time in a spring-forward gap with the offset before the gap (RFC 5545)', () => {
    // New York skips 02:00–03:00 on 2026-03-08; 02:30 EST is 07:30Z (03:30 EDT).
    expect(zonedTimeToInstant('2026-03-08', '02:30', 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });

  it('reads a repeated fall-back time as the first of the two', () => {
    // 01:30 happens twice on 2026-11-01 in New York: first at EDT (05:30Z).
    expect(zonedTimeToInstant('2026-11-01', '01:30', 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('finds the zone date and the week start of an instant', () => {
    const instant = new Date('2026-01-11T02:00:00Z'); // Sunday in UTC, Saturday evening in Guyana
    expect(zonedDate(instant, 'UTC')).toBe('2026-01-11');
    expect(zonedDate(instant, GUYANA)).toBe('2026-01-10');
    expect(weekStartOf(instant, 'UTC')).toBe('2026-01-11');
    expect(weekStartOf(instant, GUYANA)).toBe('2026-01-04');
  });
});

describe('showOccurrencesInWeek', () => {
  it('keeps the day and time when listener and tenant share a zone', () => {
    const morning = show('Morning', '06:00', '09:00', ['Monday', 'Wednesday', 'Friday']);
    const occ = showOccurrencesInWeek(morning, WEEK, GUYANA, GUYANA);
    expect(occ.map((o) => [o.weekday, o.date, o.dayIndex])).toEqual([
      ['Monday', '2026-01-05', 1],
      ['Wednesday', '2026-01-07', 3],
      ['Friday', '2026-01-09', 5],
    ]);
    expect(occ[0]!.start.toISOString()).toBe('2026-01-05T10:00:00.000Z');
    expect(occ[0]!.end.toISOString()).toBe('2026-01-05T13:00:00.000Z');
  });

  it('moves a Monday 22:00 Guyana show to Tuesday for a listener in London', () => {
    const late = show('Late', '22:00', '23:00', ['Monday']);
    expect(summary(showOccurrencesInWeek(late, WEEK, GUYANA, 'Europe/London'))).toEqual([
      'Tuesday 2026-01-06 2026-01-06T02:00:00.000Z–2026-01-06T03:00:00.000Z',
    ]);
  });

  it('moves an early Sunday show into the previous week for a listener further west', () => {
    // Sunday 01:00 Guyana = Saturday 21:00 in Los Angeles: the listener's week of 2026-01-04
    // gets the one from Sunday 2026-01-11, on its Saturday, and not the one of 2026-01-04.
    const early = show('Early', '01:00', '02:00', ['Sunday']);
    const occ = showOccurrencesInWeek(early, WEEK, GUYANA, 'America/Los_Angeles');
    expect(summary(occ)).toEqual(['Saturday 2026-01-10 2026-01-11T05:00:00.000Z–2026-01-11T06:00:00.000Z']);
  });

  it('brings a late Saturday show into the next week for a listener further east', () => {
    // Saturday 23:00 Guyana = Sunday 03:00 UTC; the week of 2026-01-04 for a UTC listener
    // starts with the Saturday 2026-01-03 show, and loses the 2026-01-10 one to the next week.
    const late = show('Late', '23:00', '23:30', ['Saturday']);
    const occ = showOccurrencesInWeek(late, WEEK, GUYANA, 'UTC');
    expect(summary(occ)).toEqual(['Sunday 2026-01-04 2026-01-04T03:00:00.000Z–2026-01-04T03:30:00.000Z']);
    expect(summary(showOccurrencesInWeek(late, '2026-01-11', GUYANA, 'UTC'))).toEqual([
      'Sunday 2026-01-11 2026-01-11T03:00:00.000Z–2026-01-11T03:30:00.000Z',
    ]);
  });

  it('runs a show past midnight to the next day', () => {
    const night = show('Night', '22:00', '02:00', ['Friday']);
    const [o] = showOccurrencesInWeek(night, WEEK, GUYANA, GUYANA);
    expect(o!.weekday).toBe('Friday');
    expect(o!.start.toISOString()).toBe('2026-01-10T02:00:00.000Z');
    expect(o!.end.toISOString()).toBe('2026-01-10T06:00:00.000Z');
  });

  it('handles half-hour zones and the far side of the date line', () => {
    const noon = show('Noon', '12:00', '13:00', ['Wednesday']);
    expect(showOccurrencesInWeek(noon, WEEK, GUYANA, 'Asia/Kolkata').map((o) => [o.weekday, o.start.toISOString()])).toEqual([
      ['Wednesday', '2026-01-07T16:00:00.000Z'],
    ]);
    const evening = show('Evening', '20:00', '21:00', ['Wednesday']);
    // 20:00 Guyana Wednesday = 00:00 UTC Thursday = 14:00 Thursday in Kiritimati (UTC+14).
    expect(showOccurrencesInWeek(evening, WEEK, GUYANA, 'Pacific/Kiritimati').map((o) => o.weekday)).toEqual(['Thursday']);
    // … and 13:00 Wednesday in Pago Pago (UTC-11).
    expect(showOccurrencesInWeek(evening, WEEK, GUYANA, 'Pacific/Pago_Pago').map((o) => o.weekday)).toEqual(['Wednesday']);
  });

  it('keeps the wall time of a tenant with daylight saving time across the change', () => {
    // New York moves to EDT on 2026-03-08: a Monday and Saturday show, 09:00 New York time,
    // are 14:00 UTC before and 13:00 UTC after.
    const nine = show('Nine', '09:00', '10:00', ['Saturday', 'Monday']);
    const occ = showOccurrencesInWeek(nine, '2026-03-08', 'America/New_York', 'UTC');
    expect(occ.map((o) => o.start.toISOString())).toEqual(['2026-03-09T13:00:00.000Z', '2026-03-14T13:00:00.000Z']);
    const before = showOccurrencesInWeek(nine, '2026-03-01', 'America/New_York', 'UTC');
    expect(before.map((o) => o.start.toISOString())).toEqual(['2026-03-02T14:00:00.000Z', '2026-03-07T14:00:00.000Z']);
  });

  it('gives every show a place each week and nothing outside it', () => {
    const daily = show('Daily', '23:30', '00:30', ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
    for (const zone of ['UTC', GUYANA, 'Asia/Tokyo', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/Los_Angeles']) {
      const occ = showOccurrencesInWeek(daily, WEEK, GUYANA, zone);
      expect(occ).toHaveLength(7);
      expect(occ.map((o) => o.dayIndex)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      for (const o of occ) expect(zonedDate(o.start, zone)).toBe(o.date);
    }
  });
});

describe('weekOccurrences, isOnAir and currentOrNextOccurrence', () => {
  const a = show('A', '06:00', '09:00', ['Monday']);
  const b = show('B', '08:00', '10:00', ['Sunday', 'Monday']);

  it('merges shows in start order', () => {
    expect(weekOccurrences([a, b], WEEK, GUYANA, GUYANA).map((o) => `${o.show.title} ${o.weekday}`)).toEqual(['B Sunday', 'A Monday', 'B Monday']);
  });

  it('is on air from its start (inclusive) to its end (exclusive)', () => {
    const [o] = showOccurrencesInWeek(a, WEEK, GUYANA, GUYANA);
    expect(isOnAir(o!, new Date('2026-01-05T10:00:00Z'))).toBe(true);
    expect(isOnAir(o!, new Date('2026-01-05T12:59:59Z'))).toBe(true);
    expect(isOnAir(o!, new Date('2026-01-05T13:00:00Z'))).toBe(false);
    expect(isOnAir(o!, new Date('2026-01-05T09:59:59Z'))).toBe(false);
  });

  it('finds the show on air, else the next one, across the end of the week', () => {
    expect(currentOrNextOccurrence([a, b], new Date('2026-01-05T12:30:00Z'), GUYANA, GUYANA)?.show.title).toBe('A');
    expect(currentOrNextOccurrence([a, b], new Date('2026-01-05T13:30:00Z'), GUYANA, GUYANA)?.show.title).toBe('B');
    // Saturday evening: the next is Sunday's B in the next week.
    const next = currentOrNextOccurrence([a, b], new Date('2026-01-10T22:00:00Z'), GUYANA, GUYANA);
    expect(next?.show.title).toBe('B');
    expect(next?.date).toBe('2026-01-11');
    expect(currentOrNextOccurrence([], new Date(), GUYANA, GUYANA)).toBeNull();
  });

  it('works a week out once per list of shows, and again for a new list', () => {
    const shows = [a, b];
    const first = weekOccurrences(shows, WEEK, GUYANA, GUYANA);
    expect(weekOccurrences(shows, WEEK, GUYANA, GUYANA)).toBe(first);
    expect(weekOccurrences(shows, WEEK, GUYANA, 'America/New_York')).not.toBe(first);
    const changed = [a];
    expect(weekOccurrences(changed, WEEK, GUYANA, GUYANA).map((o) => o.show.title)).toEqual(['A']);
  });

  it('finds a show that started last week and is still on air', () => {
    const overnight = show('Overnight', '22:00', '02:00', ['Saturday']);
    // Sunday 01:00 Guyana: on air since Saturday 22:00 (the previous week).
    expect(currentOrNextOccurrence([overnight], new Date('2026-01-11T05:00:00Z'), GUYANA, GUYANA)?.date).toBe('2026-01-10');
  });
});

describe('zone offsets, one formatToParts per zone and quarter hour', () => {
  /** The offset as Intl says it, for the exact instant (the unoptimised answer). */
  const made = new Map<string, Intl.DateTimeFormat>();
  const intlOffset = (ms: number, timeZone: string) => {
    const f = made.get(timeZone) ?? new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' });
    made.set(timeZone, f);
    const p = Object.fromEntries(f.formatToParts(ms).filter((x) => x.type !== 'literal').map((x) => [x.type, Number(x.value)]));
    const floored = ms - (((ms % 1000) + 1000) % 1000);
    return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour === 24 ? 0 : p.hour!, p.minute!, p.second!) - floored;
  };

  it('agrees with Intl every 17 minutes 13 seconds around DST changes, half-hour and 45-minute zones', () => {
    const zones = ['America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/St_Johns', GUYANA];
    // Around the 2026 spring and autumn changes on both hemispheres.
    const spans = [Date.UTC(2026, 2, 7), Date.UTC(2026, 2, 27), Date.UTC(2026, 3, 4), Date.UTC(2026, 9, 3), Date.UTC(2026, 9, 24), Date.UTC(2026, 10, 0)];
    for (const zone of zones) {
      for (const from of spans) {
        for (let ms = from; ms < from + 3 * 24 * HOUR; ms += 1_033_000) {
          expect(zoneOffsetMs(ms, zone), `${zone} ${new Date(ms).toISOString()}`).toBe(intlOffset(ms, zone));
        }
      }
    }
  });

  it('a week of shows asks Intl a few dozen times, not once per instant', () => {
    const shows = Array.from({ length: 12 }, (_, i) => show(`Show ${i}`, `${String(6 + i).padStart(2, '0')}:00`, `${String(7 + i).padStart(2, '0')}:30`, ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']));
    const spy = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    try {
      weekOccurrences(shows, '2026-03-01', 'America/Port_of_Spain', 'Europe/London');
      expect(spy.mock.calls.length).toBeLessThan(100);
    } finally {
      spy.mockRestore();
    }
  });
});
