import { randomUUID } from 'node:crypto';
import type { Db } from '../db/knex';
import { jobsRepository, type Job } from './jobs.repository';

/**
 * The durable job queue (docs/renditions.md): background work such as low-data renditions is
 * a row in `jobs` before anything runs, so it survives a restart, and each job is claimed by
 * one process with a lease it renews while it works, so two processes on one PostgreSQL never
 * run it twice and a process that dies mid-job leaves it to another once the lease runs out.
 *
 * A process works one job at a time (ffmpeg is CPU-bound; the API must keep answering).
 * Enqueueing wakes this process's worker at once; `start()` also looks every `pollMs` for
 * jobs queued by other processes, left by a restart, or due for a retry.
 */
export type JobHandler = (job: Job) => Promise<void>;

export interface JobQueueOptions {
  now?: () => number;
  /** How long a claim holds without renewal; renewed at a third of it while the job runs. */
  leaseMs?: number;
  pollMs?: number;
  /** Attempts before a job is given up (status failed, its error kept). */
  maxAttempts?: number;
  log?: (line: string) => void;
}

export const JOB_LEASE_MS = 60_000;
export const JOB_POLL_MS = 15_000;
export const JOB_MAX_ATTEMPTS = 3;

export function jobQueue(db: Db, options: JobQueueOptions = {}) {
  const repo = jobsRepository(db);
  const now = options.now ?? Date.now;
  const leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  const pollMs = options.pollMs ?? JOB_POLL_MS;
  const maxAttempts = options.maxAttempts ?? JOB_MAX_ATTEMPTS;
  const log = options.log ?? ((line: string) => process.stderr.write(line + '\n'));
  const holder = randomUUID();
  const handlers = new Map<string, JobHandler>();
  let draining: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  async function runOne(job: Job): Promise<void> {
    const handler = handlers.get(job.kind)!;
    const renew = setInterval(() => {
      repo.renew(job.id, holder, now(), leaseMs).catch(() => {});
    }, Math.max(50, Math.floor(leaseMs / 3)));
    try {
      await handler(job);
      await repo.finish(job.id, holder);
    } catch (err) {
      const message = (err as Error)?.message ?? String(err);
      const retryAt = job.attempts < maxAttempts ? now() + 30_000 * 2 ** (job.attempts - 1) : null;
      log(JSON.stringify({ level: 'warn', msg: retryAt === null ? 'job failed; given up' : 'job failed; will retry', kind: job.kind, subject: job.subject, attempt: job.attempts, error: message }));
      await repo.fail(job.id, holder, message, retryAt);
    } finally {
      clearInterval(renew);
    }
  }

  async function drain(): Promise<void> {
    do {
      again = false;
      for (;;) {
        if (stopped) return;
        const job = await repo.claim([...handlers.keys()], holder, now(), leaseMs);
        if (!job) break;
        await runOne(job);
      }
    } while (again && !stopped);
  }

  function wake(): Promise<void> {
    if (draining) {
      again = true;
      return draining;
    }
    draining = drain()
      .catch((err: unknown) => log(JSON.stringify({ level: 'error', msg: 'job queue', error: (err as Error)?.message ?? String(err) })))
      .finally(() => {
        draining = null;
      });
    return draining;
  }

  return {
    /** The work for one kind of job; a process claims only kinds it can do. */
    handle(kind: string, handler: JobHandler): void {
      handlers.set(kind, handler);
    },

    /** Writes the job down, then wakes this process's worker; answers once it is written. */
    async enqueue(kind: string, subject: string, payload: unknown): Promise<void> {
      await repo.enqueue(kind, subject, payload, now());
      if (!stopped) void wake();
    },

    /** Looks for due jobs now and every pollMs (server start: what a restart left behind). */
    start(): void {
      stopped = false;
      void wake();
      timer ??= setInterval(() => void wake(), pollMs);
      timer.unref();
    },

    /**
     * Stops claiming; waits a little for the job in hand. A long one is not waited for: its
     * lease runs out and another process (or this one after a restart) does it again.
     */
    async stop(waitMs = 2000): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([draining, new Promise<void>((resolve) => (wait = setTimeout(resolve, waitMs)))]);
      clearTimeout(wait);
    },

    /** Resolves when this process has no job it could claim now (tests). */
    async idle(): Promise<void> {
      while (draining) await draining;
      await wake();
    },

    status: (kind: string, subject: string) => repo.statusOf(kind, subject),

    /** Depth and age of the queue, all processes together (/metrics). */
    backlog: () => repo.backlog(now()),

    /** Finished jobs are forgotten after a week (failed ones stay, with their error, for the operator). */
    prune: () => repo.pruneDone(now() - 7 * 24 * 60 * 60 * 1000),
  };
}

export type JobQueue = ReturnType<typeof jobQueue>;
