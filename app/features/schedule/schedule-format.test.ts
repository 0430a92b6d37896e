import { describe, expect, it } from 'vitest';
import { formatDayHeading, formatShortDay, formatTime, formatTimeRange, formatWeekRange, zoneShortName } from './schedule-format';

describe('schedule formatting', () => {
  it('formats plain dates without the machine zone shifting the day', () => {
    expect(formatDayHeading('2026-01-05', 'en-US')).toBe('Monday, Jan 5');
    expect(formatShortDay('2026-01-10', 'en-US')).toBe('Sat, Jan 10');
  });

  it('formats a week range, across months and years', () => {
    expect(formatWeekRange('2026-01-04', 'en-US')).toMatch(/^Jan 4\s*–\s*10, 2026$/);
    expect(formatWeekRange('2025-12-28', 'en-US')).toMatch(/^Dec 28, 2025\s*–\s*Jan 3, 2026$/);
  });

  it('formats times in the given zone', () => {
    const start = new Date('2026-01-06T02:00:00Z');
    expect(formatTime(start, 'America/Guyana', 'en-US')).toMatch(/^10:00\sPM$/);
    expect(formatTime(start, 'UTC', 'en-US')).toMatch(/^2:00\sAM$/);
    expect(formatTimeRange(start, new Date('2026-01-06T03:30:00Z'), 'UTC', 'en-GB')).toMatch(/^0?2:00 – 0?3:30$/);
  });

  it('names zones briefly', () => {
    expect(zoneShortName(new Date('2026-01-06T02:00:00Z'), 'UTC', 'en-US')).toBe('UTC');
    expect(zoneShortName(new Date('2026-07-06T02:00:00Z'), 'America/New_York', 'en-US')).toBe('EDT');
  });
});
