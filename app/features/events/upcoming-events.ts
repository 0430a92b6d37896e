import type { Event } from '../../../domain/events';
import { enUsInteger } from '../../lib/en-us-format';

// Read by the /events page, the schedule's Events tab and the admin events list (which
// puts past ones last); features never import each other.

/** An event stays listed this long after it starts: it is still on while people look it up. */
export const EVENT_LISTED_AFTER_START_MS = 6 * 60 * 60 * 1000;

/** The events still worth showing (the API also returns past ones), soonest first. */
export function upcomingEvents<E extends Pick<Event, 'startIso'>>(events: readonly E[], now: Date): E[] {
  const cutoff = now.getTime() - EVENT_LISTED_AFTER_START_MS;
  return events
    .filter((e) => Date.parse(e.startIso) >= cutoff)
    .sort((a, b) => Date.parse(a.startIso) - Date.parse(b.startIso));
}

/** How an event's start is written, on the public cards and in the admin list. */
export const EVENT_TIME_PARTS = {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
} as const satisfies Intl.DateTimeFormatOptions;

/**
 * 'From $25', 'From $12.50', 'From $1,500'; a zero price reads 'Free'; no price, nothing. Written
 * by hand, as Intl would in en-US: a number's first Intl formatter costs the page its ICU set-up
 * (docs/performance.md, "ICU set-up off the page").
 */
export function formatPriceFrom(priceFrom: number | null | undefined): string | null {
  if (priceFrom == null || !Number.isFinite(priceFrom)) return null;
  if (priceFrom === 0) return 'Free';
  // Cents, rounded half up from the decimal the number reads as (12.345 is 12.35, as Intl has it).
  const cents = Math.round(Number((priceFrom * 100).toPrecision(12)));
  const whole = enUsInteger(Math.floor(cents / 100));
  const fraction = cents % 100;
  return `From $${whole}${Number.isInteger(priceFrom) ? '' : `.${String(fraction).padStart(2, '0')}`}`;
}
