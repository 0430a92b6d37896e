import type { Event } from '../../../../domain/events';
import { EVENT_LISTED_AFTER_START_MS } from '../upcoming-events';
import { isoToZonedLocal, zonedLocalToIso } from './zoned-time';

/** The event form as typed: every field a string except the public switch. */
export interface EventDraft {
  title: string;
  imageUrl: string;
  startLocal: string;
  locationText: string;
  priceFrom: string;
  ticketUrl: string;
  isPublic: boolean;
}

/** Form field → the NewEventSchema path its messages come back on. */
export const EVENT_FIELD_PATHS = {
  title: 'title',
  imageUrl: 'imageUrl',
  startLocal: 'startIso',
  locationText: 'locationText',
  priceFrom: 'priceFrom',
  ticketUrl: 'ticketUrl',
  isPublic: 'isPublic',
} as const satisfies Record<keyof EventDraft, string>;
export type EventField = keyof EventDraft;
export const EVENT_FIELDS = Object.keys(EVENT_FIELD_PATHS) as EventField[];

export const emptyEventDraft = (): EventDraft => ({
  title: '',
  imageUrl: '',
  startLocal: '',
  locationText: '',
  priceFrom: '',
  ticketUrl: '',
  isPublic: true,
});

export function eventDraft(event: Event, timeZone: string): EventDraft {
  return {
    title: event.title,
    imageUrl: event.imageUrl ?? '',
    startLocal: isoToZonedLocal(event.startIso, timeZone),
    locationText: event.locationText,
    priceFrom: event.priceFrom == null ? '' : String(event.priceFrom),
    ticketUrl: event.ticketUrl ?? '',
    isPublic: event.isPublic,
  };
}

/**
 * What NewEventSchema reads. The start is converted from station time to UTC here; an empty
 * or unreadable one is passed as '' so the schema answers with its own message. A price that
 * is not a number is passed as typed, for the same reason.
 */
export function eventInput(draft: EventDraft, timeZone: string): Record<string, unknown> {
  const price = draft.priceFrom.trim();
  const priceNumber = price === '' ? null : Number(price);
  return {
    title: draft.title,
    imageUrl: draft.imageUrl,
    startIso: zonedLocalToIso(draft.startLocal, timeZone) ?? '',
    locationText: draft.locationText,
    priceFrom: priceNumber === null || Number.isNaN(priceNumber) ? (price === '' ? null : price) : priceNumber,
    ticketUrl: draft.ticketUrl,
    isPublic: draft.isPublic,
  };
}

/** A schema or server path → the form field that shows its message ('startIso' is typed in 'startLocal'). */
export const eventFieldOf = (path: string): EventField | undefined => EVENT_FIELDS.find((f) => EVENT_FIELD_PATHS[f] === path);

/**
 * Events the public page no longer lists (started longer ago than it keeps them) are history;
 * the admin list keeps them last, so they can still be edited or removed.
 */
export function splitUpcoming<E extends Pick<Event, 'startIso'>>(events: readonly E[], now: number): { upcoming: E[]; past: E[] } {
  const cutoff = now - EVENT_LISTED_AFTER_START_MS;
  const byStart = [...events].sort((a, b) => Date.parse(a.startIso) - Date.parse(b.startIso));
  return {
    upcoming: byStart.filter((e) => Date.parse(e.startIso) >= cutoff),
    past: byStart.filter((e) => Date.parse(e.startIso) < cutoff).reverse(),
  };
}
