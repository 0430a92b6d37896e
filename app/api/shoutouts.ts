import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Shoutout } from '../../domain/shoutouts';
import { ADMIN_FRESH, adminApi, adminKeyRoot } from '../lib/admin-api';

export const shoutoutsPaths = {
  list: '/api/shoutouts',
  approved: (approved: boolean) => `/api/shoutouts?approved=${approved}`,
  one: (id: string) => `/api/shoutouts/${encodeURIComponent(id)}`,
} as const;

/** An admin read: every shoutout, or only those with `approved` as given. */
export type ShoutoutFilter = { approved?: boolean };

// The app reads shoutouts only as an admin (moderation): every key sits under
// adminKeyRoot() so the offline persister leaves them out.
export const shoutoutKeys = {
  admin: () => [...adminKeyRoot(), 'shoutouts'] as const,
  adminList: (filter: ShoutoutFilter) => [...shoutoutKeys.admin(), filter] as const,
};

export const adminShoutoutsQuery = (filter: ShoutoutFilter = {}) =>
  queryOptions({
    queryKey: shoutoutKeys.adminList(filter),
    queryFn: ({ signal }) =>
      adminApi<Shoutout[]>(filter.approved === undefined ? shoutoutsPaths.list : shoutoutsPaths.approved(filter.approved), { signal }),
    ...ADMIN_FRESH,
  });

/** PATCH /api/shoutouts/{id} by an admin (approve or reject). */
export const moderateShoutout = (id: string, patch: { approved: boolean }) =>
  adminApi<Shoutout>(shoutoutsPaths.one(id), { method: 'PATCH', body: patch });

export const invalidateShoutouts = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: shoutoutKeys.admin() });
