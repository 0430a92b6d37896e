import Dexie, { type Table } from 'dexie';
import type { AsyncStorage } from '@tanstack/query-persist-client-core';

interface Entry {
  key: string;
  value: string;
}

/** IndexedDB through Dexie, shaped as the async storage the query persister takes. */
export class KeyValueStore implements AsyncStorage<string> {
  private readonly db: Dexie;
  private readonly table: Table<Entry, string>;

  constructor(name = 'radio-offline') {
    this.db = new Dexie(name);
    this.db.version(1).stores({ entries: 'key' });
    this.table = this.db.table('entries');
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
