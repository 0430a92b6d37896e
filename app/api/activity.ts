import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ActivityEntry } from '../../domain/people';
import { ADMIN_FRESH, ADMIN_QUERY_ROOT, adminApiResponse } from '../lib/admin-api';

// docs/api.md, "Admins who are people": GET /api/admin/activity, newest first, paged by Link.
export const activityPaths = {
  list: (person: string | undefined, limit: number) => `/api/admin/activity?limit=${limit}${person ? `&person=${encodeURIComponent(person)}` : ''}`,
} as const;

export const activityKeys = {
  all: [ADMIN_QUERY_ROOT, 'activity'] as const,
  of: (person: string | undefined) => [ADMIN_QUERY_ROOT, 'activity', person ?? 'everyone'] as const,
};

export const ACTIVITY_PAGE = 25;

/** The pages of the log, each with the next page's URL from its Link header. */
export const activityQuery = (person: string | undefined) =>
  infiniteQueryOptions({
    queryKey: activityKeys.of(person),
    initialPageParam: activityPaths.list(person, ACTIVITY_PAGE),
    queryFn: async ({ pageParam, signal }) => {
      const { data, headers } = await adminApiResponse<ActivityEntry[]>(pageParam, { signal });
      const next = /<([^>]+)>;\s*rel="next"/.exec(headers.get('Link') ?? '')?.[1] ?? null;
      return { entries: data, next };
    },
    getNextPageParam: (last) => last.next ?? undefined,
    ...ADMIN_FRESH,
  });
