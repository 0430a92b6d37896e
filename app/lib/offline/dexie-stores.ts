import Dexie, { type Table } from 'dexie';
import type { AsyncStorage } from '@tanstack/query-persist-client-core';

/**
 * The offline stores, IndexedDB through Dexie. They run in the storage worker
 * (storage.worker.ts), off the page's main thread: Dexie's evaluation alone was one long task
 * on a low-tier phone, on every first visit (docs/performance.md). Where a browser has no
 * module workers, offline-storage.ts runs them on the page instead.
 */

interface Entry {
  key: string;
  value: string;
}

/** The query cache and the outbox's queued writes, shaped as the async storage the query persister takes. */
export class KeyValueStore implements AsyncStorage<string> {
  private readonly table: Table<Entry, string>;

  constructor(name = 'radio-offline') {
    const db = new Dexie(name);
    db.version(1).stores({ entries: 'key' });
    this.table = db.table('entries');
  }

  async getItem(key: string): Promise<string | null> {
    return (await this.table.get(key))?.value ?? null;
  }

  async setItem(key: string, value: string): Promise<void> {
    await this.table.put({ key, value });
  }

  async removeItem(key: string): Promise<void> {
    await this.table.delete(key);
  }
}

interface BlobEntry {
  key: string;
  blob: Blob;
}

/**
 * Recordings waiting in the outbox. The query persister writes JSON, which cannot hold a
 * Blob, so a queued write keeps only a key and its audio waits here until it is delivered
 * (then deleted).
 */
export class BlobStore {
  private readonly table: Table<BlobEntry, string>;
  constructor(name = 'radio-outbox-blobs') {
    const db = new Dexie(name);
    db.version(1).stores({ blobs: 'key' });
    this.table = db.table('blobs');
  }
  async put(key: string, blob: Blob): Promise<void> {
    await this.table.put({ key, blob });
  }
  async get(key: string): Promise<Blob | null> {
    return (await this.table.get(key))?.blob ?? null;
  }
  async remove(key: string): Promise<void> {
    await this.table.delete(key);
  }
}

export interface OfflineStores {
  kv: KeyValueStore;
  blobs: BlobStore;
}

export const openOfflineStores = (): OfflineStores => ({ kv: new KeyValueStore(), blobs: new BlobStore() });
