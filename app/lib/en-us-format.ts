/**
 * Dates, times and counts written by hand as Intl writes them in en-US. The first Intl formatter a page
 * makes costs Chromium its ICU set-up, one task of 15-20 ms at full speed on this project's bench
 * host and 90-110 ms at the low-tier phone's CPU (docs/performance.md, "ICU set-up off the
 * page"); a page that needs no other Intl then needs none at all. Every other locale keeps Intl.
 */
export const MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** Whether this browser writes dates as en-US does, which this module can do for it. */
export const writesEnUs = (locale: string | undefined = typeof navigator === 'undefined' ? undefined : navigator.language): boolean => locale === 'en-US';

/** '1:45 PM' (hour numeric, minute 2-digit), in the listener's zone or in UTC. */
export function enUsTime(at: Date, utc = false): string {
  const hour = utc ? at.getUTCHours() : at.getHours();
  return `${hour % 12 || 12}:${String(utc ? at.getUTCMinutes() : at.getMinutes()).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** 'Dec 5, 2026' (year numeric, month short, day numeric), in the listener's zone or in UTC. */
export function enUsDate(at: Date, utc = false): string {
  return utc ? `${MONTHS_SHORT[at.getUTCMonth()]} ${at.getUTCDate()}, ${at.getUTCFullYear()}` : `${MONTHS_SHORT[at.getMonth()]} ${at.getDate()}, ${at.getFullYear()}`;
}

/** 'Dec 5, 2026, 1:45 PM' (dateStyle medium, timeStyle short), in the listener's zone or in UTC. */
export function enUsDateTime(at: Date, utc = false): string {
  return `${enUsDate(at, utc)}, ${enUsTime(at, utc)}`;
}

/** '1,234,567': a whole number with en-US's grouping (what `toLocaleString('en-US')` writes). */
export function enUsInteger(n: number): string {
  return `${n < 0 ? '-' : ''}${String(Math.abs(Math.trunc(n))).replace(/\B(?=(\d{3})+$)/g, ',')}`;
}
