import type { OfflineStores } from './dexie-stores';

/**
 * The page asks the storage worker over postMessage: a request names the store, the
 * operation and the key (and the value to put); the answer carries the request's id and the
 * value, or the error's message. Blobs and strings travel by structured clone.
 */
export type StorageRequest =
  | { id: number; store: 'kv'; op: 'get' | 'remove'; key: string }
  | { id: number; store: 'kv'; op: 'put'; key: string; value: string }
  | { id: number; store: 'blobs'; op: 'get' | 'remove'; key: string }
  | { id: number; store: 'blobs'; op: 'put'; key: string; value: Blob };

export type StorageAnswer = { id: number; value?: unknown } | { id: number; error: string };

/** What postMessage and onmessage need: a worker, the worker's own global, or a MessagePort. */
export interface Port {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

async function perform(stores: OfflineStores, r: StorageRequest): Promise<unknown> {
  if (r.store === 'kv') {
    if (r.op === 'get') return stores.kv.getItem(r.key);
    if (r.op === 'put') return stores.kv.setItem(r.key, r.value);
    return stores.kv.removeItem(r.key);
  }
  if (r.op === 'get') return stores.blobs.get(r.key);
  if (r.op === 'put') return stores.blobs.put(r.key, r.value);
  return stores.blobs.remove(r.key);
}

/** The worker's side: answers every request on the port from the stores. */
export function serveStorage(port: Port, stores: OfflineStores): void {
  port.onmessage = (event) => {
    const request = event.data as StorageRequest;
    perform(stores, request).then(
      (value) => port.postMessage({ id: request.id, value } satisfies StorageAnswer),
      (error: unknown) => port.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies StorageAnswer),
    );
  };
}

/** A request as the page makes it: the client gives it its id. */
export type StorageRequestBody = StorageRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;
type Ask = <T>(request: StorageRequestBody) => Promise<T>;

/** The page's side: each call posts a request and resolves with its answer. `fail` rejects everything pending (the worker could not start). */
export function storageClient(port: Port): { ask: Ask; fail(reason: Error): void } {
  let next = 1;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  port.onmessage = (event) => {
    const answer = event.data as StorageAnswer;
    const p = pending.get(answer.id);
    if (!p) return;
    pending.delete(answer.id);
    if ('error' in answer) p.reject(new Error(answer.error));
    else p.resolve(answer.value);
  };
  return {
    ask: <T>(request: StorageRequestBody) =>
      new Promise<T>((resolve, reject) => {
        const id = next++;
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        port.postMessage({ ...request, id });
      }),
    fail(reason) {
      for (const p of pending.values()) p.reject(reason);
      pending.clear();
    },
  };
}
