import { queryOptions } from '@tanstack/react-query';
import type { Show } from '../../domain/shows';
import { api } from '../lib/api-client';
import { currentTenant } from '../lib/tenant';
import { PUBLIC_LIST_STALE_MS } from '../query-client';

export const scheduleKeys = {
  all: ['shows'] as const,
  tenant: (tenant: string) => ['shows', tenant] as const,
};

/** GET /api/shows: the tenant's weekly shows, HH:MM in the tenant's timeZone setting. */
export const showsQuery = () =>
  queryOptions({
    queryKey: scheduleKeys.tenant(currentTenant()),
    queryFn: ({ signal }) => api<Show[]>('/api/shows', { signal }),
    staleTime: PUBLIC_LIST_STALE_MS,
  });
