import { isUniqueViolation, type Db } from './knex';

export interface LeaseClaim {
  /** This process's name on the row. */
  holder: string;
  now: number;
  /** Until when the claim holds unless renewed (a heartbeat renews it). */
  expiresMs: number;
  /** Further conditions a row must meet to be taken over (a finished recording is not). */
  open?: Record<string, unknown>;
  /** The other columns of the row when it is made by this claim. */
  newRow?: Record<string, unknown>;
}

/**
 * A lease in a table with `holder` and `expires_ms` columns and a unique key (docs/live-relay.md,
 * docs/recorder.md): true when the row at `key` is this holder's now. A row this holder has is
 * renewed; one whose holder stopped renewing (expires_ms passed) is taken over; a missing one
 * is inserted, and of two processes inserting at once the unique key lets one win.
 */
export async function claimLease(db: Db, table: string, key: Record<string, unknown>, claim: LeaseClaim): Promise<boolean> {
  const { holder, now, expiresMs } = claim;
  const renewed = await db(table)
    .where(key)
    .andWhere(claim.open ?? {})
    .andWhere((q) => q.where({ holder }).orWhere('expires_ms', '<', now))
    .update({ holder, expires_ms: expiresMs });
  if (Number(renewed) === 1) return true;
  const existing = await db(table).where(key).first(Object.keys(key)[0]!);
  if (existing) return false;
  try {
    await db(table).insert({ ...claim.newRow, ...key, holder, expires_ms: expiresMs });
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}
