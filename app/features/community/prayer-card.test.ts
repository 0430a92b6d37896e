import { describe, expect, it } from 'vitest';
import { prayerDay } from './prayer-card';

describe('prayerDay', () => {
  it("writes the day as 'Nov 26, 2026', in UTC or in the listener's zone", () => {
    expect(prayerDay('2026-11-26T13:37:41.015Z', true)).toBe('Nov 26, 2026');
    expect(prayerDay('2026-01-01T00:30:00.000Z', true)).toBe('Jan 1, 2026');
    const late = new Date(2026, 11, 31, 23, 59);
    expect(prayerDay(late.toISOString(), false)).toBe('Dec 31, 2026');
  });
});
