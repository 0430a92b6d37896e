import type { Mutation, Query, QueryClient } from '@tanstack/react-query';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { persistQueryClient, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { ADMIN_QUERY_ROOT } from '../admin-api';
import { KeyValueStore } from './kv-store';

export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** Ads count an impression per answer and admin data must never reach the disk. */
const NEVER_PERSISTED = new Set([ADMIN_QUERY_ROOT, 'ads']);

export function shouldPersistQuery(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  return query.state.status === 'success' && !NEVER_PERSISTED.has(String(query.queryKey[0]));
}

/** Only the outbox: writes made offline that wait for a connection. */
export function shouldPersistMutation(mutation: Pick<Mutation, 'state' | 'meta'>): boolean {
  return mutation.state.isPaused && mutation.meta?.outbox === true;
}

/**
 * The query cache and the outbox persist to IndexedDB, so a cold start offline shows the
 * last schedule, artists and settings at once and queued writes survive closing the app.
 * The buster ties the cache to this build. Resolves once restored; queued writes are then
 * sent (or wait for the connection).
 */
export async function startPersistence(queryClient: QueryClient, buster: string): Promise<void> {
  const persister = createAsyncStoragePersister({ storage: new KeyValueStore(), key: 'query-cache', throttleTime: 1000 });
  const dehydrateOptions = { shouldDehydrateQuery: shouldPersistQuery, shouldDehydrateMutation: shouldPersistMutation };
  const [, restored] = persistQueryClient({ queryClient, persister, maxAge: PERSIST_MAX_AGE_MS, buster, dehydrateOptions });
  await restored;
  // The persister saves at most once a second; a write that just joined the queue is saved
  // at once, so closing the app straight after pressing the button loses nothing.
  queryClient.getMutationCache().subscribe((event) => {
    const m = event.mutation;
    if (event.type === 'updated' && m?.meta?.outbox && m.state.isPaused) {
      void persistQueryClientSave({ queryClient, persister, buster, dehydrateOptions });
    }
  });
  await queryClient.resumePausedMutations();
}
