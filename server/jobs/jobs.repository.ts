import type { Db } from '../db/knex';
import { newId } from '../db/rows';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface Job {
  id: string;
  kind: string;
  subject: string;
  payload: unknown;
  attempts: number;
}

interface JobRow {
  id: string;
  kind: string;
  subject: string;
  payload: string;
  status: string;
  attempts: number | string;
  run_after: number | string;
  lease_until: number | string | null;
  holder: string | null;
  last_error: string | null;
  created_at: number | string;
}

const toJob = (r: JobRow): Job => ({ id: r.id, kind: r.kind, subject: r.subject, payload: JSON.parse(r.payload) as unknown, attempts: Number(r.attempts) });

/** The only place that reads or writes the jobs table (server/jobs/job-queue.ts). */
export function jobsRepository(db: Db) {
  return {
    /**
     * Queues a job, or queues its (kind, subject) again when the last one finished or failed;
     * one that is waiting or running already is left as it is.
     */
    async enqueue(kind: string, subject: string, payload: unknown, now: number): Promise<void> {
      await db.raw(
        `insert into jobs (id, kind, subject, payload, status, attempts, run_after, lease_until, holder, last_error, created_at)
         values (?, ?, ?, ?, 'queued', 0, ?, null, null, null, ?)
         on conflict (kind, subject) do update set payload = excluded.payload, status = 'queued', attempts = 0,
           run_after = excluded.run_after, lease_until = null, holder = null, last_error = null
         where jobs.status in ('done', 'failed')`,
        [newId(), kind, subject, JSON.stringify(payload), now, now],
      );
    },

    /**
     * Claims the next job that is due and not leased by a live holder: one conditional UPDATE
     * per candidate, so of two processes racing for a row exactly one changes it.
     */
    async claim(kinds: readonly string[], holder: string, now: number, leaseMs: number): Promise<Job | null> {
      if (kinds.length === 0) return null;
      const candidates = await db<JobRow>('jobs')
        .whereIn('kind', kinds)
        .whereIn('status', ['queued', 'running'])
        .andWhere('run_after', '<=', now)
        .andWhere((q) => q.whereNull('lease_until').orWhere('lease_until', '<', now))
        .orderBy('run_after')
        .limit(5);
      for (const row of candidates) {
        const changed = await db('jobs')
          .where({ id: row.id })
          .whereIn('status', ['queued', 'running'])
          .andWhere((q) => q.whereNull('lease_until').orWhere('lease_until', '<', now))
          .update({ status: 'running', holder, lease_until: now + leaseMs, attempts: Number(row.attempts) + 1 });
        if (changed === 1) return { ...toJob(row), attempts: Number(row.attempts) + 1 };
      }
      return null;
    },

    /** Extends the lease; false when another process has taken the job meanwhile. */
    async renew(id: string, holder: string, now: number, leaseMs: number): Promise<boolean> {
      return (await db('jobs').where({ id, holder, status: 'running' }).update({ lease_until: now + leaseMs })) === 1;
    },

    async finish(id: string, holder: string): Promise<void> {
      await db('jobs').where({ id, holder }).update({ status: 'done', lease_until: null, holder: null, last_error: null });
    },

    /** A failed attempt: tried again at `retryAt`, or given up (status failed) when null. */
    async fail(id: string, holder: string, error: string, retryAt: number | null): Promise<void> {
      await db('jobs')
        .where({ id, holder })
        .update(
          retryAt === null
            ? { status: 'failed', lease_until: null, holder: null, last_error: error.slice(0, 2000) }
            : { status: 'queued', lease_until: null, holder: null, run_after: retryAt, last_error: error.slice(0, 2000) },
        );
    },

    async statusOf(kind: string, subject: string): Promise<{ status: JobStatus; attempts: number; lastError: string | null } | null> {
      const row = await db<JobRow>('jobs').where({ kind, subject }).first();
      return row ? { status: row.status as JobStatus, attempts: Number(row.attempts), lastError: row.last_error } : null;
    },

    /**
     * The queue as /metrics shows it (docs/operations.md): jobs waiting and due, jobs running,
     * and when the longest-waiting due job became due (null when none waits).
     */
    async backlog(now: number): Promise<{ queued: number; running: number; oldestDueMs: number | null }> {
      const rows = (await db('jobs')
        .whereIn('status', ['queued', 'running'])
        .andWhere('run_after', '<=', now)
        .groupBy('status')
        .select('status')
        .count({ n: '*' })
        .min({ oldest: 'run_after' })) as { status: string; n: number | string; oldest: number | string | null }[];
      const queued = rows.find((r) => r.status === 'queued');
      return {
        queued: Number(queued?.n ?? 0),
        running: Number(rows.find((r) => r.status === 'running')?.n ?? 0),
        oldestDueMs: queued?.oldest == null ? null : Number(queued.oldest),
      };
    },

    /** Finished jobs older than this go (failed ones stay for the operator to read). */
    async pruneDone(before: number): Promise<void> {
      await db('jobs').where({ status: 'done' }).andWhere('created_at', '<', before).delete();
    },
  };
}
