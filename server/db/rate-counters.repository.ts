import type { Db } from './knex';

/** Public-write counts per bucket per minute, in the database so every process shares one count. */
export function rateCountersRepository(db: Db) {
  return {
    /** Adds one to the bucket's count for the window in one atomic upsert; answers the new count. */
    async increment(bucket: string, window: number): Promise<number> {
      const result = await db.raw(
        `insert into rate_counters (bucket, "window", count) values (?, ?, 1)
         on conflict (bucket, "window") do update set count = rate_counters.count + 1
         returning count`,
        [bucket, window],
      );
      // pg answers { rows }, sqlite3 answers the rows array.
      const rows = (Array.isArray(result) ? result : result.rows) as { count: number | string }[];
      return Number(rows[0]?.count ?? 1);
    },

    async pruneBefore(window: number): Promise<void> {
      await db('rate_counters').where('window', '<', window).delete();
    },
  };
}
