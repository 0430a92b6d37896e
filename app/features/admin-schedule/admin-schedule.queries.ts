import { queryOptions } from '@tanstack/react-query';
import type { SettingsResponse } from '../../../domain/settings';
import type { Show } from '../../../domain/shows';
import { adminApi, adminKeyRoot } from '../../lib/admin-api';

// Under adminKeyRoot() (['admin', tenant, …]) so the offline persister leaves them out.
export const adminScheduleKeys = {
  all: () => [...adminKeyRoot(), 'schedule'] as const,
  shows: () => [...adminScheduleKeys.all(), 'shows'] as const,
  settings: () => [...adminScheduleKeys.all(), 'settings'] as const,
};

const fresh = { staleTime: 0, gcTime: 5 * 60 * 1000 } as const;

export const adminShowsQuery = () =>
  queryOptions({
    queryKey: adminScheduleKeys.shows(),
    queryFn: ({ signal }) => adminApi<Show[]>('/api/shows', { signal }),
    ...fresh,
  });

/** The station's settings, for its time zone: shows are HH:MM in it (product.md Time). */
export const stationSettingsQuery = () =>
  queryOptions({
    queryKey: adminScheduleKeys.settings(),
    queryFn: ({ signal }) => adminApi<SettingsResponse>('/api/settings', { signal }),
    ...fresh,
  });
