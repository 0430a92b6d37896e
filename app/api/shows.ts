import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { NewShow, Show } from '../../domain/shows';
import { ADMIN_FRESH, adminApi, adminKeyRoot } from '../lib/admin-api';
import { api } from '../lib/api-client';
import { currentTenant } from '../lib/tenant';
import { PUBLIC_LIST_STALE_MS } from '../query-client';

export const showsPaths = {
  list: '/api/shows',
  one: (id: string) => `/api/shows/${encodeURIComponent(id)}`,
} as const;

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
export const adminShowsQuery = () =>
  queryOptions({
    queryKey: showsKeys.admin(),
    queryFn: ({ signal }) => adminApi<Show[]>(showsPaths.list, { signal }),
    ...ADMIN_FRESH,
  });

/** An admin write changes the public schedule as well as the editor's list. */
const invalidateShows = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: showsKeys.admin() }),
    queryClient.invalidateQueries({ queryKey: showsKeys.all }),
  ]);

/** POST /api/shows for a new show, PATCH /api/shows/{id} for an edit. */
export function useSaveShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, show }: { id: string | null; show: NewShow }) =>
      id
        ? adminApi<Show>(showsPaths.one(id), { method: 'PATCH', body: show })
        : adminApi<Show>(showsPaths.list, { method: 'POST', body: show }),
    onSuccess: () => invalidateShows(queryClient),
  });
}

/** DELETE /api/shows/{id}. */
export function useRemoveShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminApi<void>(showsPaths.one(id), { method: 'DELETE' }),
    onSuccess: () => invalidateShows(queryClient),
  });
}
