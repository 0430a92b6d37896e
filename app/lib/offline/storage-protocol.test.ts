import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { BlobStore, KeyValueStore, type OfflineStores } from './dexie-stores';
import { serveStorage, storageClient, type Port } from './storage-protocol';

const channels: MessageChannel[] = [];
afterEach(() => channels.splice(0).forEach((c) => (c.port1.close(), c.port2.close())));

/** The page's client and the worker's server over a real MessageChannel, as in the browser. */
function connected(stores: OfflineStores) {
  const channel = new MessageChannel();
  channels.push(channel);
  serveStorage(channel.port2 as unknown as Port, stores);
  return storageClient(channel.port1 as unknown as Port);
}

const fresh = (): OfflineStores => ({ kv: new KeyValueStore(`kv-${Math.random()}`), blobs: new BlobStore(`blobs-${Math.random()}`) });

describe('the offline storage protocol', () => {
  it('puts, gets and removes query-cache entries and recordings through the worker’s port', async () => {
    const { ask } = connected(fresh());
    expect(await ask({ store: 'kv', op: 'get', key: 'query-cache' })).toBeNull();
    await ask({ store: 'kv', op: 'put', key: 'query-cache', value: '{"clientState":{}}' });
    expect(await ask({ store: 'kv', op: 'get', key: 'query-cache' })).toBe('{"clientState":{}}');

    await ask({ store: 'blobs', op: 'put', key: 'shout-1', value: new Blob(['RIFF…'], { type: 'audio/wav' }) });
    const blob = await ask<Blob>({ store: 'blobs', op: 'get', key: 'shout-1' });
    expect(blob.type).toBe('audio/wav');
    expect(await blob.text()).toBe('RIFF…');

    await ask({ store: 'kv', op: 'remove', key: 'query-cache' });
    await ask({ store: 'blobs', op: 'remove', key: 'shout-1' });
    expect(await ask({ store: 'kv', op: 'get', key: 'query-cache' })).toBeNull();
    expect(await ask({ store: 'blobs', op: 'get', key: 'shout-1' })).toBeNull();
  });

  it('answers concurrent requests each with its own value', async () => {
    const { ask } = connected(fresh());
    await Promise.all(['a', 'b', 'c'].map((k) => ask({ store: 'kv', op: 'put', key: k, value: k.toUpperCase() })));
    expect(await Promise.all(['c', 'a', 'b'].map((k) => ask({ store: 'kv', op: 'get', key: k })))).toEqual(['C', 'A', 'B']);
  });

  it('turns a store’s failure into the caller’s rejection, with its message', async () => {
    const broken = fresh();
    broken.kv.setItem = () => Promise.reject(new Error('QuotaExceededError: the disk is full'));
    const { ask } = connected(broken);
    await expect(ask({ store: 'kv', op: 'put', key: 'k', value: 'v' })).rejects.toThrow('the disk is full');
  });

  it('fails what is pending when the worker cannot start', async () => {
    const silent: Port = { postMessage() {}, onmessage: null };
    const client = storageClient(silent);
    const pending = client.ask({ store: 'kv', op: 'get', key: 'query-cache' });
    client.fail(new Error('Offline storage is not available right now.'));
    await expect(pending).rejects.toThrow('not available');
  });
});
