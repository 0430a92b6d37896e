import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Event, NewEvent } from '../../domain/events';
import { tenantHasEvents } from '../../domain/tenants';
import { adminApi, adminKeyRoot } from '../lib/admin-api';
import { api } from '../lib/api-client';
import { adminListQuery, invalidateAdminAndPublic, resourcePaths, useAdminWrite } from '../lib/resource-queries';
import { currentTenant } from '../lib/tenant';
import { PUBLIC_LIST_STALE_MS } from '../query-client';

export const eventsPaths = resourcePaths('/api/events');

// Events are scoped per tenant; the admin list (private events too) sits under
// adminKeyRoot() so the offline persister leaves it out.
export const eventsKeys = {
  all: ['events'] as const,
  tenant: (tenant: string) => ['events', tenant] as const,
  admin: () => [...adminKeyRoot(), 'events'] as const,
};

/** GET /api/events: public events, soonest first; it answers 404 outside watzhott. */
export const eventsQuery = () =>
  queryOptions({
    queryKey: eventsKeys.tenant(currentTenant()),
    queryFn: ({ signal }) => api<Event[]>(eventsPaths.list, { signal }),
    staleTime: PUBLIC_LIST_STALE_MS,
    enabled: tenantHasEvents(currentTenant()),
  });

/** Every event of the tenant, private ones too (admin). Watzhott only: never asked elsewhere. */
export const adminEventsQuery = () =>
  adminListQuery<Event[]>(eventsKeys.admin(), eventsPaths.list, { enabled: tenantHasEvents(currentTenant()) });

/** An admin write changes the public list as well as the admin one. */
const invalidateEvents = (queryClient: QueryClient) => invalidateAdminAndPublic(queryClient, eventsKeys.admin(), eventsKeys.all);

/** POST /api/events for a new event, PATCH /api/events/{id} for an edit. */
export const useSaveEvent = () =>
  useAdminWrite(
    ({ id, event }: { id: string | null; event: NewEvent }) =>
      id ? adminApi<Event>(eventsPaths.one(id), { method: 'PATCH', body: event }) : adminApi<Event>(eventsPaths.list, { method: 'POST', body: event }),
    invalidateEvents,
  );

/** DELETE /api/events/{id}. */
export const useRemoveEvent = () => useAdminWrite((id: string) => adminApi<void>(eventsPaths.one(id), { method: 'DELETE' }), invalidateEvents);
