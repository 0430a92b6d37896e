import type { QueryClient } from '@tanstack/react-query';
import type { Event, NewEvent } from '../../../domain/events';
import { tenantHasEvents } from '../../../domain/tenants';
import { adminDelete, adminQuery, adminSave, invalidateAdminAndPublic, publicQuery, resourcePaths, tenantResourceKeys, useAdminWrite } from '../../lib/resource-queries';
import { currentTenant } from '../../lib/tenant';

export const eventsPaths = resourcePaths('/api/events');

// Events are scoped per tenant; the admin list (private events too) sits under
// adminKeyRoot() so the offline persister leaves it out.
export const eventsKeys = tenantResourceKeys('events');

/** GET /api/events: public events, soonest first; it answers 404 outside watzhott. */
export const eventsQuery = () => publicQuery<Event[]>(eventsKeys.tenant(currentTenant()), eventsPaths.list, { enabled: tenantHasEvents(currentTenant()) });

/** Every event of the tenant, private ones too (admin). Watzhott only: never asked elsewhere. */
export const adminEventsQuery = () =>
  adminQuery<Event[]>(eventsKeys.admin(), eventsPaths.list, { enabled: tenantHasEvents(currentTenant()) });

/** An admin write changes the public list as well as the admin one. */
const invalidateEvents = (queryClient: QueryClient) => invalidateAdminAndPublic(queryClient, eventsKeys.admin(), eventsKeys.all);

/** POST /api/events for a new event, PATCH /api/events/{id} for an edit. */
export const useSaveEvent = () => useAdminWrite(({ id, event }: { id: string | null; event: NewEvent }) => adminSave<Event>(eventsPaths, id, event), invalidateEvents);

/** DELETE /api/events/{id}. */
export const useRemoveEvent = () => useAdminWrite((id: string) => adminDelete(eventsPaths, id), invalidateEvents);
