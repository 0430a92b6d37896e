import type { AsyncStorage } from '@tanstack/query-persist-client-core';
import { serveStorage, storageClient, type Port, type StorageRequestBody } from './storage-protocol';

type Ask = (request: StorageRequestBody) => Promise<unknown>;

/** A started worker, as far as the page needs one. */
export interface StorageWorker extends Port {
  onerror: ((event: Event) => void) | null;
  terminate(): void;
}

class WorkerUnavailable extends Error {}

/** The stores on this thread, over an in-process channel: the same protocol as the worker's. */
function onThisThread(): Ask {
  const channel = new MessageChannel();
  const client = storageClient(channel.port1);
  const served = import('./dexie-stores').then(({ openOfflineStores }) => serveStorage(channel.port2, openOfflineStores()));
  return (request) => served.then(() => client.ask(request));
}

/**
 * The page's handle on the offline stores (the query cache, the outbox's recordings). They
 * live in a module worker, so Dexie never runs on the page's main thread (docs/performance.md).
 * A browser without module workers, or a worker that cannot start, gets the same stores on the
 * page, and what was waiting for the worker is asked again there: a failed read must not look
 * like an empty store, or the query persister would discard the saved cache.
 */
export function connectOfflineStorage(startWorker: (() => StorageWorker | null) | null): Ask {
  const worker = startWorker?.() ?? null;
  if (!worker) return onThisThread();
  const client = storageClient(worker);
  let fallback: Ask | null = null;
  worker.onerror = (event) => {
    event.preventDefault();
    worker.terminate();
    fallback = onThisThread();
    client.fail(new WorkerUnavailable('The offline storage worker could not start.'));
  };
  return (request) =>
    fallback
      ? fallback(request)
      : client.ask(request).catch((error: unknown) => {
          if (error instanceof WorkerUnavailable && fallback) return fallback(request);
          throw error;
        });
}

const browserWorker = (): StorageWorker | null =>
  typeof Worker === 'undefined' || typeof window === 'undefined'
    ? null
    : // A module script that cannot load reports a plain Event, not the ErrorEvent the DOM types name.
      (new Worker(new URL('./storage.worker.ts', import.meta.url), { type: 'module', name: 'offline-storage' }) as unknown as StorageWorker);

let ask: Ask | null = null;
const connect = (): Ask => (ask ??= connectOfflineStorage(browserWorker));

/** The query persister's storage (createAsyncStoragePersister). */
export const queryCacheStorage: AsyncStorage<string> = {
  getItem: (key) => connect()({ store: 'kv', op: 'get', key }) as Promise<string | null>,
  setItem: (key, value) => connect()({ store: 'kv', op: 'put', key, value }) as Promise<void>,
  removeItem: (key) => connect()({ store: 'kv', op: 'remove', key }) as Promise<void>,
};

/** Recordings waiting in the outbox, until delivered. */
export const outboxBlobs = {
  put: (key: string, blob: Blob) => connect()({ store: 'blobs', op: 'put', key, value: blob }) as Promise<void>,
  get: (key: string) => connect()({ store: 'blobs', op: 'get', key }) as Promise<Blob | null>,
  remove: (key: string) => connect()({ store: 'blobs', op: 'remove', key }) as Promise<void>,
};
