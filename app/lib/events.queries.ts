import { queryOptions } from '@tanstack/react-query';
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
    enabled: tenantHasEvents(currentTenant()),
  });
