import { EVENT_TIME_PARTS } from '../upcoming-events';

// datetime-local inputs hold a wall-clock time with no zone. Events happen at the station,
// so the admin types station time (the tenant's timeZone), whatever zone the phone is in;
// the API stores UTC (docs/api.md: times are ISO 8601 in UTC).

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

function wallClockParts(utcMs: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(utcMs));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour') % 24, minute: get('minute'), second: get('second') };
}

/** How far the zone's wall clock is ahead of UTC at that instant, in ms. */
export function zoneOffsetAt(utcMs: number, timeZone: string): number {
  const p = wallClockParts(utcMs, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

/**
 * '2026-01-10T20:00' in `timeZone` → '2026-01-11T00:00:00.000Z'. Null when unreadable.
 * Two passes find the offset that holds at the instant itself, so dates on either side of a
 * daylight-saving change come out right; a wall time skipped by the change moves forward.
 */
export function zonedLocalToIso(local: string, timeZone: string): string | null {
  const m = LOCAL.exec(local.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  const wall = Date.UTC(y!, mo! - 1, d!, h!, mi!, Number.isNaN(s) ? 0 : (s ?? 0));
  if (Number.isNaN(wall)) return null;
  let utc = wall - zoneOffsetAt(wall, timeZone);
  utc = wall - zoneOffsetAt(utc, timeZone);
  return new Date(utc).toISOString();
}

/** An ISO instant → 'YYYY-MM-DDTHH:MM' on the wall clock of `timeZone`, for a datetime-local. */
export function isoToZonedLocal(iso: string, timeZone: string): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  const p = wallClockParts(t, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(p.year).padStart(4, '0')}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

/** 'Sat, Jan 10, 2026, 8:00 PM' on the station's clock. */
export function formatStationTime(iso: string, timeZone: string): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  return new Intl.DateTimeFormat(undefined, { ...EVENT_TIME_PARTS, timeZone }).format(t);
}
