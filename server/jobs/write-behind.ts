/**
 * State a process keeps in memory and writes to the database in batches (the ads' counts, the
 * audience's heartbeats): one store per database, so every router of a process shares it, and
 * each written out before that database closes (server.ts, on shutdown).
 */
export interface WriteBehind {
  flush(): Promise<void>;
  stop(): void;
}

const stores = new WeakMap<object, WriteBehind[]>();

/** Wraps a store's maker so each database gets one, made on first use. */
export function onePerDatabase<D extends { db: object }, T extends WriteBehind>(make: (deps: D) => T): (deps: D) => T {
  const made = new WeakMap<object, T>();
  return (deps) => {
    let store = made.get(deps.db);
    if (!store) {
      store = make(deps);
      made.set(deps.db, store);
      stores.set(deps.db, [...(stores.get(deps.db) ?? []), store]);
    }
    return store;
  };
}

/** On shutdown: each store of this database stops its timer and writes what it holds, in the order they were made. */
export async function flushWriteBehind(db: object): Promise<void> {
  for (const store of stores.get(db) ?? []) {
    store.stop();
    await store.flush().catch(() => undefined);
  }
}
