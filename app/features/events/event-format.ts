import { EVENT_TIME_PARTS } from './upcoming-events';

/** How a public card writes an event's start: the time parts and the zone's short name. */
export const EVENT_START_PARTS = { ...EVENT_TIME_PARTS, timeZoneName: 'short' } as const satisfies Intl.DateTimeFormatOptions;

/** 'Sat, Jan 10, 2026, 8:00 PM GMT-4' in the listener's own zone. */
export function formatEventStart(startIso: string, timeZone?: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { ...EVENT_START_PARTS, timeZone }).format(new Date(startIso));
}

/** The first letter of a title, for the placeholder shown instead of an image. */
export const initialOf = (title: string) => (title.trim()[0] ?? '?').toUpperCase();
