import { describe, expect, it } from 'vitest';
import { isoToZonedLocal, zonedLocalToIso } from './zoned-time';

describe('station time ↔ UTC', () => {
  it('reads a datetime-local value as station time', () => {
    // Guyana is UTC-4 all year.
    expect(zonedLocalToIso('2026-01-10T20:00', 'America/Guyana')).toBe('2026-01-11T00:00:00.000Z');
    expect(zonedLocalToIso('2026-07-01T09:30', 'UTC')).toBe('2026-07-01T09:30:00.000Z');
    expect(zonedLocalToIso('2026-07-01T09:30:15', 'UTC')).toBe('2026-07-01T09:30:15.000Z');
  });
  it('follows daylight saving on both sides of a change', () => {
    // New York: UTC-5 in January, UTC-4 in July.
    expect(zonedLocalToIso('2026-01-15T12:00', 'America/New_York')).toBe('2026-01-15T17:00:00.000Z');
    expect(zonedLocalToIso('2026-07-15T12:00', 'America/New_York')).toBe('2026-07-15T16:00:00.000Z');
  });
  it('refuses what is not a date and time', () => {
    expect(zonedLocalToIso('', 'America/Guyana')).toBeNull();
    expect(zonedLocalToIso('2026-01-10', 'America/Guyana')).toBeNull();
    expect(zonedLocalToIso('tomorrow 8pm', 'America/Guyana')).toBeNull();
  });
  it('shows a stored instant back on the station clock', () => {
    expect(isoToZonedLocal('2026-01-11T00:00:00.000Z', 'America/Guyana')).toBe('2026-01-10T20:00');
    expect(isoToZonedLocal('2026-07-15T16:00:00.000Z', 'America/New_York')).toBe('2026-07-15T12:00');
    expect(isoToZonedLocal('nonsense', 'UTC')).toBe('');
  });
  it('round-trips', () => {
    for (const local of ['2026-03-08T01:30', '2026-11-01T01:30', '2026-12-31T23:59', '2027-01-01T00:00']) {
      const iso = zonedLocalToIso(local, 'America/Guyana')!;
      expect(isoToZonedLocal(iso, 'America/Guyana')).toBe(local);
    }
  });
});
