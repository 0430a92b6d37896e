import { describe, expect, it } from 'vitest';
import type { Weekday } from './catalog';
import { showOnAir, zonedMoment } from './schedule';

// 2026-01-04 is a Sunday, so 2026-01-05 is a Monday … 2026-01-10 a Saturday.
const GUYANA = 'America/Guyana'; // UTC-4 all year
/** An instant given as local wall time in Guyana (UTC-4). */
const guyana = (isoLocal: string) => new Date(`${isoLocal}-04:00`);

interface TestShow {
  title: string;
  startTime: string;
  endTime: string;
  days: Weekday[];
}
const show = (title: string, startTime: string, endTime: string, days: Weekday[]): TestShow => ({ title, startTime, endTime, days });
const titleAt = (shows: TestShow[], instant: Date, zone = GUYANA) => showOnAir(shows, instant, zone)?.title ?? null;

describe('zonedMoment', () => {
  it('gives weekday and minute of the day in the zone', () => {
    expect(zonedMoment(new Date('2026-01-05T14:30:00Z'), GUYANA)).toEqual({ weekday: 'Monday', minutes: 10 * 60 + 30 });
    expect(zonedMoment(new Date('2026-01-05T14:30:00Z'), 'UTC')).toEqual({ weekday: 'Monday', minutes: 14 * 60 + 30 });
  });

  it('puts midnight at minute 0, never 24:00', () => {
    expect(zonedMoment(guyana('2026-01-06T00:00:00'), GUYANA)).toEqual({ weekday: 'Tuesday', minutes: 0 });
    expect(zonedMoment(new Date('2026-01-06T00:00:00Z'), 'UTC')).toEqual({ weekday: 'Tuesday', minutes: 0 });
    expect(zonedMoment(guyana('2026-01-05T23:59:59'), GUYANA)).toEqual({ weekday: 'Monday', minutes: 23 * 60 + 59 });
  });

  it('moves to another day across zones for the same instant', () => {
    const instant = new Date('2026-01-10T02:30:00Z'); // Saturday 02:30 UTC
    expect(zonedMoment(instant, 'UTC')).toEqual({ weekday: 'Saturday', minutes: 150 });
    expect(zonedMoment(instant, GUYANA)).toEqual({ weekday: 'Friday', minutes: 22 * 60 + 30 });
    expect(zonedMoment(instant, 'Asia/Kolkata')).toEqual({ weekday: 'Saturday', minutes: 8 * 60 });
    expect(zonedMoment(instant, 'Pacific/Kiritimati')).toEqual({ weekday: 'Saturday', minutes: 16 * 60 + 30 });
    expect(zonedMoment(instant, 'Pacific/Pago_Pago')).toEqual({ weekday: 'Friday', minutes: 15 * 60 + 30 });
  });

  it('follows daylight saving time', () => {
    // New York: UTC-5 in January, UTC-4 in July.
    expect(zonedMoment(new Date('2026-01-07T12:00:00Z'), 'America/New_York')).toEqual({ weekday: 'Wednesday', minutes: 7 * 60 });
    expect(zonedMoment(new Date('2026-07-08T12:00:00Z'), 'America/New_York')).toEqual({ weekday: 'Wednesday', minutes: 8 * 60 });
    // Guyana has none: the same wall time all year.
    expect(zonedMoment(new Date('2026-07-08T12:00:00Z'), GUYANA)).toEqual({ weekday: 'Wednesday', minutes: 8 * 60 });
  });
});

describe('showOnAir', () => {
  const morning = show('Morning Praise', '06:00', '09:00', ['Monday', 'Wednesday', 'Friday']);

  it('finds a show between its start (inclusive) and end (exclusive) on its days', () => {
    expect(titleAt([morning], guyana('2026-01-05T06:00:00'))).toBe('Morning Praise');
    expect(titleAt([morning], guyana('2026-01-05T08:59:59'))).toBe('Morning Praise');
    expect(titleAt([morning], guyana('2026-01-07T07:15:00'))).toBe('Morning Praise');
    expect(titleAt([morning], guyana('2026-01-05T05:59:00'))).toBeNull();
    expect(titleAt([morning], guyana('2026-01-05T09:00:00'))).toBeNull();
  });

  it('respects the days', () => {
    expect(titleAt([morning], guyana('2026-01-06T07:00:00'))).toBeNull(); // Tuesday
    expect(titleAt([morning], guyana('2026-01-04T07:00:00'))).toBeNull(); // Sunday
    expect(titleAt([morning], guyana('2026-01-09T07:00:00'))).toBe('Morning Praise'); // Friday
  });

  it('answers null with no shows', () => {
    expect(showOnAir([], new Date(), GUYANA)).toBeNull();
  });

  it('runs a show that crosses midnight into the next day', () => {
    const lateNight = show('Late Night Soca', '22:00', '02:00', ['Friday']);
    expect(titleAt([lateNight], guyana('2026-01-09T22:00:00'))).toBe('Late Night Soca'); // Friday
    expect(titleAt([lateNight], guyana('2026-01-09T23:59:00'))).toBe('Late Night Soca');
    expect(titleAt([lateNight], guyana('2026-01-10T00:00:00'))).toBe('Late Night Soca'); // Saturday morning
    expect(titleAt([lateNight], guyana('2026-01-10T01:59:00'))).toBe('Late Night Soca');
    expect(titleAt([lateNight], guyana('2026-01-10T02:00:00'))).toBeNull();
    expect(titleAt([lateNight], guyana('2026-01-09T21:59:00'))).toBeNull();
    // Saturday is not one of its days: Saturday night is off air, and so is early Friday.
    expect(titleAt([lateNight], guyana('2026-01-10T23:00:00'))).toBeNull();
    expect(titleAt([lateNight], guyana('2026-01-09T01:00:00'))).toBeNull();
  });

  it('wraps the week: a Saturday night show runs into Sunday morning', () => {
    const vigil = show('Saturday Vigil', '23:00', '01:00', ['Saturday']);
    expect(titleAt([vigil], guyana('2026-01-10T23:30:00'))).toBe('Saturday Vigil');
    expect(titleAt([vigil], guyana('2026-01-11T00:30:00'))).toBe('Saturday Vigil'); // Sunday
    expect(titleAt([vigil], guyana('2026-01-11T01:00:00'))).toBeNull();
    // Early Saturday belongs to Friday night, which it does not air.
    expect(titleAt([vigil], guyana('2026-01-10T00:30:00'))).toBeNull();
  });

  it('ends a show at 00:00 at midnight', () => {
    const toMidnight = show('Evening Worship', '21:00', '00:00', ['Sunday']);
    expect(titleAt([toMidnight], guyana('2026-01-04T23:59:00'))).toBe('Evening Worship');
    expect(titleAt([toMidnight], guyana('2026-01-05T00:00:00'))).toBeNull();
    const fromMidnight = show('Graveyard Shift', '00:00', '05:00', ['Monday']);
    expect(titleAt([fromMidnight], guyana('2026-01-05T00:00:00'))).toBe('Graveyard Shift');
    expect(titleAt([fromMidnight], guyana('2026-01-04T23:59:00'))).toBeNull();
  });

  it('reads the schedule in the given time zone', () => {
    const noon = show('Midday Mix', '12:00', '13:00', ['Wednesday']);
    const instant = new Date('2026-01-07T16:30:00Z'); // 12:30 in Guyana, 11:30 in New York, 16:30 UTC
    expect(titleAt([noon], instant, GUYANA)).toBe('Midday Mix');
    expect(titleAt([noon], instant, 'America/New_York')).toBeNull();
    expect(titleAt([noon], instant, 'UTC')).toBeNull();
    expect(titleAt([noon], new Date('2026-01-07T17:30:00Z'), 'America/New_York')).toBe('Midday Mix');
  });

  it('moves the day with the zone near midnight', () => {
    const fridayLate = show('Friday Late', '20:00', '23:00', ['Friday']);
    const instant = new Date('2026-01-10T01:00:00Z'); // Saturday 01:00 UTC, Friday 21:00 in Guyana
    expect(titleAt([fridayLate], instant, GUYANA)).toBe('Friday Late');
    expect(titleAt([fridayLate], instant, 'UTC')).toBeNull();
  });

  it('keeps wall time across daylight saving changes', () => {
    const breakfast = show('Breakfast', '07:00', '08:00', ['Wednesday']);
    expect(titleAt([breakfast], new Date('2026-01-07T12:30:00Z'), 'America/New_York')).toBe('Breakfast'); // EST
    expect(titleAt([breakfast], new Date('2026-07-08T11:30:00Z'), 'America/New_York')).toBe('Breakfast'); // EDT
    expect(titleAt([breakfast], new Date('2026-07-08T12:30:00Z'), 'America/New_York')).toBeNull();
  });

  it('answers the show on air among several, not a neighbour', () => {
    const shows = [
      show('Morning', '06:00', '10:00', ['Monday']),
      show('Midday', '10:00', '14:00', ['Monday']),
      show('Overnight', '22:00', '06:00', ['Sunday', 'Monday']),
    ];
    expect(titleAt(shows, guyana('2026-01-05T09:59:00'))).toBe('Morning');
    expect(titleAt(shows, guyana('2026-01-05T10:00:00'))).toBe('Midday');
    expect(titleAt(shows, guyana('2026-01-05T05:59:00'))).toBe('Overnight'); // from Sunday night
    expect(titleAt(shows, guyana('2026-01-05T23:00:00'))).toBe('Overnight'); // Monday night
    expect(titleAt(shows, guyana('2026-01-06T03:00:00'))).toBe('Overnight'); // into Tuesday
    expect(titleAt(shows, guyana('2026-01-06T06:00:00'))).toBeNull();
    expect(titleAt(shows, guyana('2026-01-05T15:00:00'))).toBeNull();
  });
});
