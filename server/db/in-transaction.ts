import type { Db } from './knex';

/**
 * Runs `work` in one transaction and hands it the transaction to build repositories on, so
 * an admin write and its activity entry commit or roll back together (docs/api.md, "Admins
 * who are people"). Anything thrown inside rolls both back.
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction((trx) => work(trx as unknown as Db));
}
