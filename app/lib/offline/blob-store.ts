import Dexie, { type Table } from 'dexie';

interface Entry {
  key: string;
  blob: Blob;
}

/**
 * Recordings waiting in the outbox. The query persister writes JSON, which cannot hold a
 * Blob, so a queued write keeps only a key and its audio waits here, in IndexedDB, until
 * it is delivered (then deleted). Imported on demand: Dexie stays off the first screen.
 */
class BlobStore {
  private readonly table: Table<Entry, string>;
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

export const outboxBlobs = new BlobStore();
