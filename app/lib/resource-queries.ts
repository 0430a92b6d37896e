import { queryOptions, useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { PUBLIC_LIST_STALE_MS } from '../query-client';
import { ADMIN_FRESH, adminApi, adminKeyRoot } from './admin-api';
import { api } from './api-client';

// What the features' api.ts files share, where the logic is the same for every resource.

/** A resource's collection and one of its items: '/api/shows', '/api/shows/{id}'. */
export const resourcePaths = <P extends string>(list: P) => ({ list, one: (id: string) => `${list}/${encodeURIComponent(id)}` }) as const;

/** A moderated resource's paths, with its list filtered on approval: '/api/prayers?approved=true'. */
export const moderatedPaths = <P extends string>(list: P) => ({ ...resourcePaths(list), approved: (approved: boolean) => `${list}?approved=${approved}` }) as const;

type ModeratedPaths = ReturnType<typeof moderatedPaths>;

/** An admin read of a moderated resource: every row, or only those with `approved` as given. */
export type ApprovalFilter = { approved?: boolean };

/**
 * A tenant-scoped resource's query keys: everything visitors read of it under [name], one
 * tenant's under [name, tenant], the admin's copy under adminKeyRoot() so the offline
 * persister leaves it out.
 */
export const tenantResourceKeys = <N extends string>(name: N) => ({
  all: [name] as const,
  tenant: (tenant: string) => [name, tenant] as const,
  admin: () => [...adminKeyRoot(), name] as const,
});

/** A visitor's read: revalidated after PUBLIC_LIST_STALE_MS unless the resource says otherwise. */
export const publicQuery = <T>(queryKey: QueryKey, path: string, options: { staleTime?: number; enabled?: boolean } = {}) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) => api<T>(path, { signal }),
    staleTime: PUBLIC_LIST_STALE_MS,
    ...options,
  });

/** An admin read (a list, or the settings): with the key, fetched fresh on every visit, never persisted (its key is under adminKeyRoot()). */
export const adminQuery = <T>(queryKey: QueryKey, path: string, options: { enabled?: boolean } = {}) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) => adminApi<T>(path, { signal }),
    ...ADMIN_FRESH,
    ...options,
  });

/** adminQuery() of a moderated resource, every row or only those the filter's `approved` picks. */
export const adminApprovalListQuery = <T>(queryKey: QueryKey, paths: ModeratedPaths, filter: ApprovalFilter, options: { enabled?: boolean } = {}) =>
  adminQuery<T>(queryKey, filter.approved === undefined ? paths.list : paths.approved(filter.approved), options);

/** POST a visitor's new item; the Idempotency-Key makes a resend after a lost answer store it once. */
export const postNew = <T>(path: string) => (body: object, idempotencyKey: string) => api<T>(path, { method: 'POST', body, idempotencyKey });

type ItemPaths = ReturnType<typeof resourcePaths>;

/** PATCH one item as an admin. */
export const adminPatch = <T>(paths: ItemPaths, id: string, body: object) => adminApi<T>(paths.one(id), { method: 'PATCH', body });

/** POST for a new item (no id yet), PATCH for an edit. */
export const adminSave = <T>(paths: ItemPaths, id: string | null, body: object) =>
  id ? adminPatch<T>(paths, id, body) : adminApi<T>(paths.list, { method: 'POST', body });

/** DELETE one item as an admin. */
export const adminDelete = (paths: ItemPaths, id: string) => adminApi<void>(paths.one(id), { method: 'DELETE' });

/**
 * After an admin write: the admin list and what visitors read of the same resource are both
 * marked stale. `publicRefetch: 'none'` leaves the public queries on screen alone until they
 * next mount (ad slots, whose every fetch counts an impression).
 */
export const invalidateAdminAndPublic = (queryClient: QueryClient, adminKey: QueryKey, publicKey: QueryKey, publicRefetch?: 'none') =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKey }),
    queryClient.invalidateQueries({ queryKey: publicKey, ...(publicRefetch ? { refetchType: publicRefetch } : {}) }),
  ]);

/** An admin write with the invalidations it implies. */
export function useAdminWrite<V, R>(mutationFn: (variables: V) => Promise<R>, invalidate: (queryClient: QueryClient) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidate(queryClient) });
}
