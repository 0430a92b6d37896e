import type { Deps, Middleware } from './context';
import { tooManyRequests } from './errors';

const WINDOW_MS = 60_000;

/**
 * api.md: at most N public writes a minute per route per client address. Counted in the
 * database (one atomic upsert) so that several server processes share one count.
 * Admins (a valid key) are not limited.
 */
export function rateLimit(deps: Deps, route: string): Middleware {
  return async (ctx, next) => {
    if (!ctx.state.isAdmin) {
      const now = deps.now();
      const window = Math.floor(now / WINDOW_MS);
      const bucket = `${route}|${ctx.state.clientAddress}`;
      const count = await increment(deps, bucket, window);
      if (count > deps.config.limits.publicWritesPerMinute) {
        throw tooManyRequests(((window + 1) * WINDOW_MS - now) / 1000);
      }
    }
    await next();
  };
}

async function increment(deps: Deps, bucket: string, window: number): Promise<number> {
  const result = await deps.db.raw(
    `insert into rate_counters (bucket, "window", count) values (?, ?, 1)
     on conflict (bucket, "window") do update set count = rate_counters.count + 1
     returning count`,
    [bucket, window],
  );
  // pg answers { rows }, sqlite3 answers the rows array.
  const rows = (Array.isArray(result) ? result : result.rows) as { count: number | string }[];
  return Number(rows[0]?.count ?? 1);
}

export async function pruneRateCounters(deps: Deps): Promise<void> {
  await deps.db('rate_counters').where('window', '<', Math.floor(deps.now() / WINDOW_MS) - 1).delete();
}
