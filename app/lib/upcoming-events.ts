import type { Event } from '../../domain/events';

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
