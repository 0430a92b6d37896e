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
  const counters = perProcess ? processCounters() : rateCountersRepository(deps.db);
  return async (ctx, next) => {
    if (!ctx.state.isAdmin) {
      const now = deps.now();
      const window = Math.floor(now / WINDOW_MS);
      const bucket = `${route}|${limitKey(ctx.state.clientAddress)}`;
      const count = await counters.increment(bucket, window);
      if (count > (perMinute ? perMinute(deps.config.limits) : deps.config.limits.publicWritesPerMinute)) {
        deps.metrics?.rateLimited.inc({ limit: route });
        throw tooManyRequests(((window + 1) * WINDOW_MS - now) / 1000);
      }
    }
    await next();
  };
}

/**
 * Counts kept in this process's memory, for a route so frequent that a database round trip per
 * request is most of its cost (the listening beacon): behind N processes an address may send
 * N times the limit.
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

export async function pruneRateCounters(deps: Deps): Promise<void> {
  await rateCountersRepository(deps.db).pruneBefore(Math.floor(deps.now() / WINDOW_MS) - 1);
}
