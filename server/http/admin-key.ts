import { createHash, timingSafeEqual } from 'node:crypto';
import { INVALID_ADMIN_KEY_MESSAGE } from '../../domain/http-error';
import { ADMIN_KEY_ACTOR_NAME, ROLE_CANNOT_MESSAGE, roleMayUse, type AdminArea } from '../../domain/people';
import type { Db } from '../db/knex';
import { authFailuresRepository } from '../features/people/auth-failures.repository';
import { limitKey } from './client-address';
import type { Actor, Deps, Middleware } from './context';
import { forbidden, HttpError, tooManyRequests } from './errors';

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Constant time whatever the lengths: both sides are hashed to 32 bytes first. */
export function keysMatch(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected)) && expected.length > 0;
}

const LOCKED_MESSAGE = 'Too many failed admin attempts; try again later';

/**
 * Reads x-admin-key on every /api request. A right key marks the request admin; a wrong
 * key answers 401 on any route (never silently ignored) and counts toward the lock-outs;
 * a locked-out address, or everyone while the global lock-out holds, gets 429 for any admin
 * call, right key or not (docs/api.md, Auth).
 */
export function adminKey(deps: Deps): Middleware {
  const oneAtATime = perKeyQueue();
  const lockout = lockouts(deps);
  return async (ctx, next) => {
    const given = ctx.get('x-admin-key');
    if (given) {
      const address = limitKey(ctx.state.clientAddress);
      // Check, compare and count one request at a time per address: otherwise a burst of
      // parallel guesses all pass the check before any failure is counted.
      const verdict = await oneAtATime(address, () =>
        authFailuresRepository(deps.db).exclusively(`admin-key:${address}`, async (db) => {
          await lockout.assertOpen(db, address);
          if (keysMatch(given, deps.config.adminKey)) return 'admin' as const;
          await authFailuresRepository(db).record(address, deps.now(), 'key');
          return 'wrong' as const;
        }),
      );
      // After the failure is committed: thrown inside, it would be rolled back with it.
      if (verdict === 'wrong') throw new HttpError(401, INVALID_ADMIN_KEY_MESSAGE);
      ctx.state.isAdmin = true;
      ctx.state.actor = KEY_ACTOR;
    }
    await next();
  };
}

/** The admin key acts as an owner named "admin key" (docs/api.md, "Admins who are people"). */
const KEY_ACTOR: Actor = Object.freeze({ id: null, name: ADMIN_KEY_ACTOR_NAME, role: 'owner', via: 'key' });

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
 * Guards an admin route: the admin key or an open session (401 otherwise), whose role may
 * use `area` (403 otherwise; docs/api.md, "Admins who are people"). A route that names no
 * area is for owners only, so a new route is closed until someone opens it.
 */
export function requireAdmin(deps: Deps, area: AdminArea = 'owner'): Middleware {
  const lockout = lockouts(deps);
  return async (ctx, next) => {
    const actor = ctx.state.actor;
    if (!ctx.state.isAdmin || !actor) {
      await lockout.assertOpen(deps.db, limitKey(ctx.state.clientAddress));
      throw new HttpError(401, INVALID_ADMIN_KEY_MESSAGE);
    }
    if (!roleMayUse(actor.role, area)) throw forbidden(ROLE_CANNOT_MESSAGE);
    await next();
  };
}

/** The window's log line goes out once per process, not once per refused call. */
const announcedUntil = new WeakMap<Deps, number>();

function lockouts(deps: Deps) {
  const { adminFailuresBeforeLockout: perAddress, adminFailuresGlobal: global, adminLockoutWindowMs: window } = deps.config.limits;
  const log = deps.warn ?? ((line: string) => process.stderr.write(line + '\n'));
  return {
    async assertOpen(db: Db, address: string): Promise<void> {
      const now = deps.now();
      const failures = authFailuresRepository(db);
      // Locked until the max-th most recent failure leaves the window.
      const mine = await failures.newest(now - window, perAddress, { address });
      if (mine.length >= perAddress) throw tooManyRequests((mine[mine.length - 1]! + window - now) / 1000, LOCKED_MESSAGE);
      // Everyone: more than `global` wrong keys from all addresses together. A guesser with
      // many addresses stays under every per-address count; this bounds what they all get.
      // Wrong keys only: failed passkey sign-ins never lock out everyone.
      const all = await failures.newest(now - window, global + 1, { kind: 'key' });
      if (all.length > global) {
        const until = all[all.length - 1]! + window;
        if ((announcedUntil.get(deps) ?? 0) < until) {
          announcedUntil.set(deps, until);
          log(JSON.stringify({ level: 'warn', event: 'admin-lockout', message: `More than ${global} wrong admin keys in ${window / 60_000} minutes from all addresses together: admin routes are locked for everyone until ${new Date(until).toISOString()}` }));
        }
        throw tooManyRequests((until - now) / 1000, LOCKED_MESSAGE);
      }
    },
  };
}

/** Old failures are only clutter; cleared now and then by the server. */
export async function pruneAuthFailures(deps: Deps): Promise<void> {
  await authFailuresRepository(deps.db).pruneBefore(deps.now() - deps.config.limits.adminLockoutWindowMs);
}

/**
 * Before a passkey sign-in: the address's failures (wrong keys and failed passkeys alike)
 * within the per-address allowance. Neither the global wrong-key lock-out nor a count per
 * person applies: a stranger's forged answers naming someone's passkey, from however many
 * addresses, must not lock that person out; the per-address count already bounds each
 * (person, address), and a signature cannot be guessed (docs/api.md, "Admins who are people").
 */
export async function assertPasskeySignInOpen(deps: Deps, address: string): Promise<void> {
  const { adminFailuresBeforeLockout: max, adminLockoutWindowMs: window } = deps.config.limits;
  const now = deps.now();
  const times = await authFailuresRepository(deps.db).newest(now - window, max, { address: limitKey(address) });
  if (times.length >= max) throw tooManyRequests((times[times.length - 1]! + window - now) / 1000, LOCKED_MESSAGE);
}

/** A failed passkey sign-in counts against the address it came from. */
export async function recordPasskeyFailure(deps: Deps, address: string): Promise<void> {
  await authFailuresRepository(deps.db).record(limitKey(address), deps.now(), 'passkey');
}
