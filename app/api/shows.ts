import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { NewShow, Show } from '../../domain/shows';
import { adminApi, adminKeyRoot } from '../lib/admin-api';
import { api } from '../lib/api-client';
import { adminListQuery, invalidateAdminAndPublic, resourcePaths, useAdminWrite } from '../lib/resource-queries';
import { currentTenant } from '../lib/tenant';
import { PUBLIC_LIST_STALE_MS } from '../query-client';

export const showsPaths = resourcePaths('/api/shows');

// Shows are scoped per tenant; the admin copy sits under adminKeyRoot() so the offline
// persister leaves it out.
export const showsKeys = {
  all: ['shows'] as const,
  tenant: (tenant: string) => ['shows', tenant] as const,
  admin: () => [...adminKeyRoot(), 'shows'] as const,
};

/** GET /api/shows: the tenant's weekly shows, HH:MM in the tenant's timeZone setting. */
export const showsQuery = () =>
  queryOptions({
    queryKey: showsKeys.tenant(currentTenant()),
    queryFn: ({ signal }) => api<Show[]>(showsPaths.list, { signal }),
    staleTime: PUBLIC_LIST_STALE_MS,
  });

/** The same list for the schedule editor, fetched fresh on every visit. */
export const adminShowsQuery = () => adminListQuery<Show[]>(showsKeys.admin(), showsPaths.list);

/** An admin write changes the public schedule as well as the editor's list. */
const invalidateShows = (queryClient: QueryClient) => invalidateAdminAndPublic(queryClient, showsKeys.admin(), showsKeys.all);

/** POST /api/shows for a new show, PATCH /api/shows/{id} for an edit. */
export const useSaveShow = () =>
  useAdminWrite(
    ({ id, show }: { id: string | null; show: NewShow }) =>
      id ? adminApi<Show>(showsPaths.one(id), { method: 'PATCH', body: show }) : adminApi<Show>(showsPaths.list, { method: 'POST', body: show }),
    invalidateShows,
  );

/** DELETE /api/shows/{id}. */
export const useRemoveShow = () => useAdminWrite((id: string) => adminApi<void>(showsPaths.one(id), { method: 'DELETE' }), invalidateShows);
