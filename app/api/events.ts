import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Event, NewEvent } from '../../domain/events';
import { tenantHasEvents } from '../../domain/tenants';
import { ADMIN_FRESH, adminApi, adminKeyRoot } from '../lib/admin-api';
import { api } from '../lib/api-client';
import { currentTenant } from '../lib/tenant';
import { PUBLIC_LIST_STALE_MS } from '../query-client';

export const eventsPaths = {
  list: '/api/events',
  one: (id: string) => `/api/events/${encodeURIComponent(id)}`,
} as const;

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
  queryOptions({
    queryKey: eventsKeys.admin(),
    queryFn: ({ signal }) => adminApi<Event[]>(eventsPaths.list, { signal }),
    enabled: tenantHasEvents(currentTenant()),
    ...ADMIN_FRESH,
  });

/** An admin write changes the public list as well as the admin one. */
const invalidateEvents = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: eventsKeys.admin() }),
    queryClient.invalidateQueries({ queryKey: eventsKeys.all }),
  ]);

/** POST /api/events for a new event, PATCH /api/events/{id} for an edit. */
export function useSaveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, event }: { id: string | null; event: NewEvent }) =>
      id
        ? adminApi<Event>(eventsPaths.one(id), { method: 'PATCH', body: event })
        : adminApi<Event>(eventsPaths.list, { method: 'POST', body: event }),
    onSuccess: () => invalidateEvents(queryClient),
  });
}

/** DELETE /api/events/{id}. */
export function useRemoveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminApi<void>(eventsPaths.one(id), { method: 'DELETE' }),
    onSuccess: () => invalidateEvents(queryClient),
  });
}
