import { queryOptions } from '@tanstack/react-query';
import type { Event } from '../../../domain/events';
import type { SettingsResponse } from '../../../domain/settings';
import { tenantHasEvents } from '../../../domain/tenants';
import { adminApi, adminKeyRoot } from '../../lib/admin-api';
import { currentTenant } from '../../lib/tenant';

// Under adminKeyRoot() (['admin', tenant, …]) so the offline persister leaves them out.
export const adminEventsKeys = {
  all: () => [...adminKeyRoot(), 'events'] as const,
  list: () => [...adminEventsKeys.all(), 'list'] as const,
  settings: () => [...adminEventsKeys.all(), 'settings'] as const,
};

const fresh = { staleTime: 0, gcTime: 5 * 60 * 1000 } as const;

/** Every event of the tenant, private ones too (admin). Watzhott only: 404 elsewhere. */
export const adminEventsQuery = () =>
  queryOptions({
    queryKey: adminEventsKeys.list(),
    queryFn: ({ signal }) => adminApi<Event[]>('/api/events', { signal }),
    enabled: tenantHasEvents(currentTenant()),
    ...fresh,
  });

/** The station's settings, for the time zone event times are typed in. */
export const eventsStationSettingsQuery = () =>
  queryOptions({
    queryKey: adminEventsKeys.settings(),
    queryFn: ({ signal }) => adminApi<SettingsResponse>('/api/settings', { signal }),
    ...fresh,
  });
