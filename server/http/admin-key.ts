import { createHash, timingSafeEqual } from 'node:crypto';
import { INVALID_ADMIN_KEY_MESSAGE } from '../../domain/http-error';
import { isPostgres, type Db } from '../db/knex';
import type { Deps, Middleware } from './context';
import { HttpError, tooManyRequests } from './errors';

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Constant time whatever the lengths: both sides are hashed to 32 bytes first. */
export function keysMatch(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected)) && expected.length > 0;
}

/**
 * Reads x-admin-key on every /api request. A right key marks the request admin; a wrong
 * key answers 401 on any route (api.md: never silently ignored) and counts toward the
 * lock-out; a locked-out address gets 429 for any admin call, right key or not.
 */
export function adminKey(deps: Deps): Middleware {
  const oneAtATime = perKeyQueue();
  return async (ctx, next) => {
    const given = ctx.get('x-admin-key');
    if (given) {
      const address = ctx.state.clientAddress;
      // Check, compare and count one request at a time per address: otherwise a burst of
      // parallel guesses all pass the check before any failure is counted.
      const verdict = await oneAtATime(address, () =>
        oneAcrossProcesses(deps.db, address, async (db) => {
          await assertNotLockedOut({ ...deps, db }, address);
          if (keysMatch(given, deps.config.adminKey)) return 'admin' as const;
          await recordFailure({ ...deps, db }, address);
          return 'wrong' as const;
        }),
      );
      // After the failure is committed: thrown inside, it would be rolled back with it.
      if (verdict === 'wrong') throw new HttpError(401, INVALID_ADMIN_KEY_MESSAGE);
      ctx.state.isAdmin = true;
    }
    await next();
  };
}

/** Runs the tasks given for one key one after another (in this process). */
function perKeyQueue(): <T>(key: string, task: () => Promise<T>) => Promise<T> {
  const tails = new Map<string, Promise<void>>();
  return (key, task) => {
    const run = (tails.get(key) ?? Promise.resolve()).then(task);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}

/**
 * Several server processes on one PostgreSQL: the same check-compare-count, one at a time
 * per address across all of them (a transaction-scoped advisory lock), so a burst of
 * parallel guesses spread over processes cannot all pass the check before one is counted.
 * SQLite has one process, which the in-process queue already serialises.
 */
async function oneAcrossProcesses<T>(db: Db, address: string, task: (db: Db) => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return task(db);
  return db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`admin-key:${address}`]);
    return task(trx as unknown as Db);
  });
}

/** Guards an admin-only route. */
export function requireAdmin(deps: Deps): Middleware {
  return async (ctx, next) => {
    if (!ctx.state.isAdmin) {
      await assertNotLockedOut(deps, ctx.state.clientAddress);
      throw new HttpError(401, INVALID_ADMIN_KEY_MESSAGE);
    }
    await next();
  };
}

async function recordFailure(deps: Deps, address: string): Promise<void> {
  await deps.db('auth_failures').insert({ address, failed_ms: deps.now() });
}

async function assertNotLockedOut(deps: Deps, address: string): Promise<void> {
  const { adminFailuresBeforeLockout: max, adminLockoutWindowMs: window } = deps.config.limits;
  const now = deps.now();
  const recent = await deps
    .db('auth_failures')
    .where('address', address)
    .andWhere('failed_ms', '>', now - window)
    .orderBy('failed_ms', 'desc')
    .limit(max)
    .pluck('failed_ms');
  if (recent.length < max) return;
  // Locked until the max-th most recent failure leaves the window.
  const oldest = Number(recent[recent.length - 1]);
  throw tooManyRequests((oldest + window - now) / 1000, 'Too many failed admin attempts; try again later');
}

/** Old failures and counters are only clutter; cleared now and then by the server. */
export async function pruneAuthFailures(deps: Deps): Promise<void> {
  await deps.db('auth_failures').where('failed_ms', '<', deps.now() - deps.config.limits.adminLockoutWindowMs).delete();
}
