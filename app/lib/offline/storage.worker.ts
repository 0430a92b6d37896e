// The offline stores' own thread: Dexie is evaluated and does its work here, not on the page
// (docs/performance.md). The page talks to it through offline-storage.ts.
import { openOfflineStores } from './dexie-stores';
import { serveStorage, type Port } from './storage-protocol';

serveStorage(self as unknown as Port, openOfflineStores());
