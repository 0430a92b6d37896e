import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { openOfflineStores } from './dexie-stores';
import { connectOfflineStorage, type StorageWorker } from './offline-storage';
import { serveStorage, type Port } from './storage-protocol';

const channels: MessageChannel[] = [];
afterEach(() => channels.splice(0).forEach((c) => (c.port1.close(), c.port2.close())));

/** A worker that serves the stores over a real MessageChannel, as the browser's would. */
function workingWorker(): StorageWorker {
  const channel = new MessageChannel();
  channels.push(channel);
  serveStorage(channel.port2 as unknown as Port, openOfflineStores());
  const port = channel.port1 as unknown as Port;
  return {
    postMessage: (m) => port.postMessage(m),
    get onmessage() {
      return port.onmessage;
    },
    set onmessage(h) {
      port.onmessage = h;
    },
    onerror: null,
    terminate() {},
  };
}

/** A worker whose script cannot load: it takes messages, never answers, then reports an error. */
function brokenWorker(): StorageWorker & { fireError(): void; terminated: boolean } {
  const w = {
    postMessage() {},
    onmessage: null,
    onerror: null as ((e: Event) => void) | null,
    terminated: false,
    terminate() {
      w.terminated = true;
    },
    fireError() {
      w.onerror?.(new Event('error'));
    },
  };
  return w;
}

describe('connectOfflineStorage', () => {
  it('keeps and reads the query cache through the worker', async () => {
    const ask = connectOfflineStorage(workingWorker);
    await ask({ store: 'kv', op: 'put', key: 'worker-key', value: 'saved' });
    expect(await ask({ store: 'kv', op: 'get', key: 'worker-key' })).toBe('saved');
  });

  it('asks again on this thread what was waiting for a worker that could not start, so a saved cache is read, not lost', async () => {
    // Saved earlier (the same IndexedDB the worker would use).
    await connectOfflineStorage(null)({ store: 'kv', op: 'put', key: 'query-cache', value: '{"saved":true}' });
    const worker = brokenWorker();
    const ask = connectOfflineStorage(() => worker);
    const read = ask({ store: 'kv', op: 'get', key: 'query-cache' });
    worker.fireError();
    expect(await read).toBe('{"saved":true}');
    expect(worker.terminated).toBe(true);
    // And from then on, on this thread.
    await ask({ store: 'kv', op: 'put', key: 'after', value: 'x' });
    expect(await ask({ store: 'kv', op: 'get', key: 'after' })).toBe('x');
  });

  it('uses this thread where there are no module workers', async () => {
    const ask = connectOfflineStorage(() => null);
    await ask({ store: 'kv', op: 'put', key: 'no-worker', value: 'y' });
    expect(await ask({ store: 'kv', op: 'get', key: 'no-worker' })).toBe('y');
  });
});
