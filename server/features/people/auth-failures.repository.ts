import { isPostgres, type Db } from '../../db/knex';

/** 'key': a wrong admin key; 'passkey': a failed passkey sign-in. */
export type AuthFailureKind = 'key' | 'passkey';

/**
 * Failed sign-ins, one row each: the lock-outs count them (docs/api.md, Auth). `address` is
 * the client address (server/http/client-address.ts, limitKey) they came from.
 */
export function authFailuresRepository(db: Db) {
  return {
    async record(address: string, failedMs: number, kind: AuthFailureKind): Promise<void> {
      await db('auth_failures').insert({ address, failed_ms: failedMs, kind });
    },

    /** Times of the newest failures after `sinceMs`, newest first, at most `max`; of one address and/or kind, or all. */
    async newest(sinceMs: number, max: number, only: { address?: string; kind?: AuthFailureKind } = {}): Promise<number[]> {
      const q = db('auth_failures').where('failed_ms', '>', sinceMs);
      if (only.address !== undefined) q.andWhere('address', only.address);
      if (only.kind !== undefined) q.andWhere('kind', only.kind);
      const times = await q.orderBy('failed_ms', 'desc').limit(max).pluck('failed_ms');
      return times.map(Number);
    },

    async pruneBefore(ms: number): Promise<void> {
      await db('auth_failures').where('failed_ms', '<', ms).delete();
    },

    /**
     * Several server processes on one PostgreSQL: `task` runs one at a time per name across
     * all of them (a transaction-scoped advisory lock) and gets the transaction to work in.
     * SQLite has one process, whose callers serialise in memory.
     */
    async exclusively<T>(name: string, task: (db: Db) => Promise<T>): Promise<T> {
      if (!isPostgres(db)) return task(db);
      return db.transaction(async (trx) => {
        await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [name]);
        return task(trx as unknown as Db);
      });
    },
  };
}
