import { MutationCache, QueryClient } from '@tanstack/react-query';

export interface OutboxMeta {
  /** Persisted until answered, and sent (again) when the connection returns or the app starts. */
  outbox?: boolean;
  /** What kind of write it is (for logs and debugging). */
  label?: string;
  /** The toast to show when a queued write is finally delivered. */
  delivered?: { title: string; description?: string };
}

export interface OutboxNotice {
  kind: 'delivered' | 'failed';
  title: string;
  description?: string;
}

const outboxListeners = new Set<(notice: OutboxNotice) => void>();
/** The layout listens, so a queued write that ends while its screen is gone still speaks. */
export function onOutboxNotice(listener: (notice: OutboxNotice) => void): () => void {
  outboxListeners.add(listener);
  return () => outboxListeners.delete(listener);
}

/** docs/product.md#limits-and-constants: no automatic retry, no refetch on focus, no polling, never stale unless a query says. */
export function createQueryClient(): QueryClient {
  // Mutations that waited offline, by id: only their endings are announced globally (a
  // write sent straight away is answered by its own screen).
  const queued = new Set<number>();
  const mutationCache = new MutationCache({
    onSuccess: (_data, _vars, _ctx, mutation) => {
      if (!queued.delete(mutation.mutationId)) return;
      const delivered = (mutation.meta as OutboxMeta | undefined)?.delivered;
      if (delivered) outboxListeners.forEach((l) => l({ kind: 'delivered', ...delivered }));
    },
    onError: (error, _vars, _ctx, mutation) => {
      if (!queued.delete(mutation.mutationId)) return;
      outboxListeners.forEach((l) => l({ kind: 'failed', title: 'Submission Failed', description: error.message }));
    },
  });
  // Queued: paused for the connection, or restored from the last session already pending (a
  // write the app was closed on while it was being sent comes back unpaused).
  mutationCache.subscribe((event) => {
    const m = event.mutation;
    if (!m || !(m.meta as OutboxMeta | undefined)?.outbox) return;
    if (m.state.isPaused || (event.type === 'added' && m.state.status === 'pending')) queued.add(m.mutationId);
  });
  return new QueryClient({
    mutationCache,
    defaultOptions: {
      queries: {
        // Reads always try: offline, the service worker answers from its cache.
        networkMode: 'offlineFirst',
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        gcTime: 24 * 60 * 60 * 1000,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Public lists an admin can change at any time (shows, sponsors, events). The cache now
 * outlives the page (IndexedDB), so "never stale" would mean "never updated": they are
 * revalidated after this long, which costs a 304 when nothing changed.
 */
export const PUBLIC_LIST_STALE_MS = 5 * 60 * 1000;
