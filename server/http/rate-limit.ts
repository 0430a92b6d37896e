import { limitKey } from './client-address';
import type { Deps, Middleware } from './context';
import { tooManyRequests } from './errors';
import { rateCountersRepository } from '../db/rate-counters.repository';

const WINDOW_MS = 60_000;

/**
 * At most N public writes a minute per route per client address (IPv6: per /64), counted
 * in the database (one atomic upsert) so that several server processes share one count.
 * Admins (a valid key) are not limited. docs/api.md, Errors and limits.
 */
export function rateLimit(deps: Deps, route: string, perMinute?: (limits: Deps['config']['limits']) => number, perProcess = false): Middleware {
  const counters = perProcess ? processCountersOf(deps) : rateCountersRepository(deps.db);
  return async (ctx, next) => {
    if (!ctx.state.isAdmin) {
      const now = deps.now();
      const window = Math.floor(now / WINDOW_MS);
      const count = await counters.increment(bucketOf(route, ctx.state.clientAddress), window);
      if (count > (perMinute ? perMinute(deps.config.limits) : deps.config.limits.publicWritesPerMinute)) {
        deps.metrics?.rateLimited.inc({ limit: route });
        throw tooManyRequests(((window + 1) * WINDOW_MS - now) / 1000);
      }
    }
    await next();
  };
}

const bucketOf = (route: string, address: string) => `${route}|${limitKey(address)}`;

/**
 * Counts kept in this process's memory, for a route so frequent that a database round trip per
 * request is most of its cost (the listening beacon): behind N processes an address may send
 * N times the limit. One count per app (its Deps), shared by the route's middleware and what
 * answers the route before Koa (the beacon's early answer).
 */
function processCounters() {
  let current = -1;
  const counts = new Map<string, number>();
  return {
    increment(bucket: string, window: number): number {
      if (window !== current) {
        counts.clear();
        current = window;
      }
      const count = (counts.get(bucket) ?? 0) + 1;
      counts.set(bucket, count);
      return count;
    },
  };
}
const processCountersByApp = new WeakMap<Deps, ReturnType<typeof processCounters>>();
const processCountersOf = (deps: Deps) => {
  let counters = processCountersByApp.get(deps);
  if (!counters) processCountersByApp.set(deps, (counters = processCounters()));
  return counters;
};

/**
 * Counts one request of `route` from `address` in this process's count, as the route's own
 * limit does (rateLimit with perProcess): true while it stays within `perMinute`. A request
 * over it is left to the route, which counts it again and answers the 429.
 */
export function withinProcessRate(deps: Deps, route: string, address: string, perMinute: number): boolean {
  return processCountersOf(deps).increment(bucketOf(route, address), Math.floor(deps.now() / WINDOW_MS)) <= perMinute;
}

export async function pruneRateCounters(deps: Deps): Promise<void> {
  await rateCountersRepository(deps.db).pruneBefore(Math.floor(deps.now() / WINDOW_MS) - 1);
}
