import { queryOptions } from '@tanstack/react-query';
import { PUBLIC_LIST_STALE_MS } from '../query-client';
import type { Event } from '../../domain/events';
import { tenantHasEvents } from '../../domain/tenants';
import { api } from './api-client';
import { currentTenant } from './tenant';

// The public events list is read by two features (the /events page and the schedule's
// Events tab), and features never import each other, hence in lib/.
export const eventsKeys = {
  all: ['events'] as const,
  tenant: (tenant: string) => ['events', tenant] as const,
};

/** GET /api/events: public events, soonest first; it answers 404 outside watzhott (api.md). */
export const eventsQuery = () =>
  queryOptions({
    queryKey: eventsKeys.tenant(currentTenant()),
    queryFn: ({ signal }) => api<Event[]>('/api/events', { signal }),
    staleTime: PUBLIC_LIST_STALE_MS,
    enabled: tenantHasEvents(currentTenant()),
  });

/** An event stays listed this long after it starts: it is still on while people look it up. */
export const EVENT_LISTED_AFTER_START_MS = 6 * 60 * 60 * 1000;

/** The events still worth showing (the API also returns past ones), soonest first. */
export function upcomingEvents<E extends Pick<Event, 'startIso'>>(events: readonly E[], now: Date): E[] {
  const cutoff = now.getTime() - EVENT_LISTED_AFTER_START_MS;
  return events
    .filter((e) => Date.parse(e.startIso) >= cutoff)
    .sort((a, b) => Date.parse(a.startIso) - Date.parse(b.startIso));
}
