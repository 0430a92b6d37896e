import { queryOptions, useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { ADMIN_FRESH, adminApi } from './admin-api';

// What app/api/<resource>.ts files share, where the logic is the same for every resource.

/** A resource's collection and one of its items: '/api/shows', '/api/shows/{id}'. */
export const resourcePaths = <P extends string>(list: P) => ({ list, one: (id: string) => `${list}/${encodeURIComponent(id)}` }) as const;

/** An admin read of a list: with the key, fetched fresh on every visit, never persisted (its key is under adminKeyRoot()). */
export const adminListQuery = <T>(queryKey: QueryKey, path: string, options: { enabled?: boolean } = {}) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) => adminApi<T>(path, { signal }),
    ...ADMIN_FRESH,
    ...options,
  });

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
