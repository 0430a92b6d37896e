import type { Mutation, Query, QueryClient } from '@tanstack/react-query';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { persistQueryClient } from '@tanstack/react-query-persist-client';
import { ADMIN_QUERY_ROOT } from '../admin-api';
import { queryCacheStorage } from './offline-storage';

export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** Ads count an impression per answer and admin data must never reach the disk. */
const NEVER_PERSISTED = new Set([ADMIN_QUERY_ROOT, 'ads']);

export function shouldPersistQuery(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  return query.state.status === 'success' && !NEVER_PERSISTED.has(String(query.queryKey[0]));
}

/**
 * Only the outbox, and every write of it not yet answered: paused for the connection, being
 * sent, or waiting to be sent again. Not only the paused ones: a write is unpaused while it is
 * sent and between retries on a flaky connection, and the persister saves what it sees then,
 * so closing the app in that time lost the write. Sending it again after a restart is safe:
 * its Idempotency-Key makes the server store it once (docs/api.md).
 */
export function shouldPersistMutation(mutation: Pick<Mutation, 'state' | 'meta'>): boolean {
  return mutation.state.status === 'pending' && mutation.meta?.outbox === true;
}

/**
 * Sends the restored queue, or pauses it for the connection. A write saved while it was being
 * sent comes back unpaused and without its retryer, which resumePausedMutations would skip.
 */
function resumeOutbox(queryClient: QueryClient): void {
  for (const m of queryClient.getMutationCache().getAll().filter(shouldPersistMutation)) m.continue().catch(() => undefined);
}

/**
 * The query cache and the outbox persist to IndexedDB, so a cold start offline shows the
 * last schedule, artists and settings at once and queued writes survive closing the app.
 * The buster ties the cache to this build. Every change is saved, at most once a second, so a
 * write is on disk about a second after the button is pressed. Resolves once restored, with a
 * function that stops the saving; queued writes are then sent (or wait for the connection).
 */
export async function startPersistence(queryClient: QueryClient, buster: string): Promise<() => void> {
  const persister = createAsyncStoragePersister({ storage: queryCacheStorage, key: 'query-cache', throttleTime: 1000 });
  const dehydrateOptions = { shouldDehydrateQuery: shouldPersistQuery, shouldDehydrateMutation: shouldPersistMutation };
  const [stop, restored] = persistQueryClient({ queryClient, persister, maxAge: PERSIST_MAX_AGE_MS, buster, dehydrateOptions });
  await restored;
  resumeOutbox(queryClient);
  return stop;
}
