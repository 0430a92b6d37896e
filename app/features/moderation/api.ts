import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import { queueFirstPage, tenantQueues, type ModerationQueue } from '../../../domain/moderation';
import { adminApi, adminApiResponse, adminKeyRoot } from '../../lib/admin-api';
import { currentTenant } from '../../lib/tenant';

/** One page of an admin list (docs/api.md, Lists and deletes). */
export interface AdminPage<T> {
  rows: T[];
  /** The next page's path (from Link: rel="next"), or null on the last page. */
  next: string | null;
  /** X-Total-Count: every row the query matches, not only the rows loaded. */
  total: number | null;
}

/** How long a loaded queue is shown as it is before a visit asks again. */
const QUEUE_FRESH_MS = 10_000;

/** The server's next link, without the tenant it carries: the API client adds the current one. */
export function nextPath(link: string | null): string | null {
  const match = link ? /<([^>]+)>;\s*rel="next"/.exec(link) : null;
  if (!match) return null;
  const url = new URL(match[1]!, 'http://same-origin');
  url.searchParams.delete('tenant');
  return url.pathname + url.search;
}

export async function adminPage<T>(path: string, signal?: AbortSignal): Promise<AdminPage<T>> {
  const { data, headers } = await adminApiResponse<T[]>(path, { signal });
  const total = headers.get('X-Total-Count');
  return { rows: data, next: nextPath(headers.get('Link')), total: total === null ? null : Number(total) };
}

// Under adminKeyRoot() (['admin', tenant, …]) so the offline persister leaves them out.
export const queueKeys = {
  all: () => [...adminKeyRoot(), 'queue'] as const,
  queue: (queue: ModerationQueue) => [...queueKeys.all(), queue] as const,
};

/**
 * A moderation queue: what awaits review (the server's pending=true), 25 rows at a time,
 * newest first; its first page carries the true pending count.
 */
export const moderationQueueQuery = <T>(queue: ModerationQueue, enabled = true) =>
  infiniteQueryOptions({
    queryKey: queueKeys.queue(queue),
    queryFn: ({ pageParam, signal }) => adminPage<T>(pageParam, signal),
    initialPageParam: queueFirstPage(queue),
    getNextPageParam: (last: AdminPage<T>) => last.next ?? undefined,
    enabled,
    // A moderation queue is only useful as it is now: fetched on every visit, by the page's
    // loader (app/routes/admin/moderation.tsx); the page then shows that answer instead of
    // asking again as it mounts, a few hundred milliseconds later.
    staleTime: QUEUE_FRESH_MS,
    gcTime: 5 * 60 * 1000,
  });

/** Each queue's first page, asked for together, before the page renders. */
export const prefetchQueues = (queryClient: QueryClient) =>
  Promise.all(tenantQueues(currentTenant()).map((queue) => queryClient.prefetchInfiniteQuery(moderationQueueQuery(queue))));

/** DELETE /api/<queue>/<id>: the row and its uploaded files. */
export const deleteQueueItem = (queue: ModerationQueue, id: string) =>
  adminApi<void>(`/api/${queue}/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** After any moderation write: every queue refetches from its first page. */
export const invalidateQueues = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: queueKeys.all() });

/**
 * Runs `task` for every id, a few at a time (a phone on a slow link, one server), and says
 * which ids failed and why. Never throws: a bulk action reports each row's fate.
 */
export async function forEachLimited(ids: readonly string[], task: (id: string) => Promise<unknown>, concurrency = 6): Promise<{ done: string[]; failed: { id: string; error: Error }[] }> {
  const done: string[] = [];
  const failed: { id: string; error: Error }[] = [];
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      try {
        await task(id);
        done.push(id);
      } catch (err) {
        failed.push({ id, error: err instanceof Error ? err : new Error(String(err)) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, ids.length) }, worker));
  return { done, failed };
}
