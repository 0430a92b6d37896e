import { isPostgres, type Db } from './knex';

/**
 * Runs `work` in one transaction and hands it the transaction to build repositories on, so
 * an admin write and its activity entry commit or roll back together (docs/api.md, "Admins
 * who are people"). Anything thrown inside rolls both back.
 *
 * SQLite: Knex begins a deferred transaction, which reads first and asks for the write lock
 * later; two such transactions at once (a bulk action's parallel writes) then fail with
 * SQLITE_BUSY at once instead of waiting. A write as the first statement takes the lock at
 * the start, where the busy timeout makes the others wait their turn (as BEGIN IMMEDIATE
 * would, which Knex cannot issue).
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (trx) => {
    if (!isPostgres(db)) await trx.raw('delete from admin_activity where 0');
    return work(trx as unknown as Db);
  });
}
