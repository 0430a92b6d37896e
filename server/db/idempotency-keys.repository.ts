import { isUniqueViolation, type Db } from './knex';

/** A stored first answer; status and body are null while the first request is in progress. */
export interface IdempotencyRecord {
  fingerprint: string;
  status: number | null;
  body: string | null;
  createdMs: number;
}

interface IdempotencyRow {
  scope: string;
  key: string;
  fingerprint: string;
  status: number | string | null;
  body: string | null;
  created_ms: number | string;
}

export const toIdempotencyRow = (scope: string, key: string, r: IdempotencyRecord): IdempotencyRow => ({
  scope,
  key,
  fingerprint: r.fingerprint,
  status: r.status,
  body: r.body,
  created_ms: r.createdMs,
});

const toRecord = (r: IdempotencyRow): IdempotencyRecord => ({
  fingerprint: r.fingerprint,
  status: r.status === null ? null : Number(r.status),
  body: r.body,
  createdMs: Number(r.created_ms),
});

export function idempotencyKeysRepository(db: Db) {
  return {
    /** Inserts an in-progress record; false when the scope already holds the key. */
    async insertPending(scope: string, key: string, fingerprint: string, now: number): Promise<boolean> {
      try {
        await db('idempotency_keys').insert(toIdempotencyRow(scope, key, { fingerprint, status: null, body: null, createdMs: now }));
        return true;
      } catch (err) {
        if (isUniqueViolation(err)) return false;
        throw err;
      }
    },

    async find(scope: string, key: string): Promise<IdempotencyRecord | null> {
      const row = (await db('idempotency_keys').where({ scope, key }).first()) as IdempotencyRow | undefined;
      return row ? toRecord(row) : null;
    },

    /**
     * Deletes the record only if it is still the one read (same creation time), so two
     * retries that both found it stale never delete each other's fresh claim.
     */
    async removeIfCreatedAt(scope: string, key: string, createdMs: number): Promise<void> {
      await db('idempotency_keys').where({ scope, key, created_ms: createdMs }).delete();
    },

    async saveAnswer(scope: string, key: string, status: number, body: string): Promise<void> {
      await db('idempotency_keys').where({ scope, key }).update({ status, body });
    },

    async remove(scope: string, key: string): Promise<void> {
      await db('idempotency_keys').where({ scope, key }).delete();
    },

    async pruneBefore(ms: number): Promise<void> {
      await db('idempotency_keys').where('created_ms', '<', ms).delete();
    },
  };
}
