import { expect, it } from 'vitest';
import { describeEachEngine } from '../test/test-app';
import { jobQueue } from './job-queue';

describeEachEngine('the durable job queue', (t) => {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('a job queued by a process that then stopped is done by the next one to start (a restart)', async () => {
    const first = jobQueue(t().db, { log: () => {} });
    // No handler for the kind in this process: it only writes the job down.
    await first.enqueue('restart-test', 'a', { n: 1 });
    await first.stop();
    const seen: unknown[] = [];
    const second = jobQueue(t().db, { log: () => {}, pollMs: 50 });
    second.handle('restart-test', async (job) => {
      seen.push(job.payload);
    });
    second.start();
    await expect.poll(() => seen, { timeout: 5000 }).toEqual([{ n: 1 }]);
    await second.stop();
    expect(await second.status('restart-test', 'a')).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('two processes racing for the same jobs run each exactly once', async () => {
    const runs = new Map<string, number>();
    const make = () => {
      const q = jobQueue(t().db, { log: () => {}, pollMs: 20 });
      q.handle('race', async (job) => {
        runs.set(job.subject, (runs.get(job.subject) ?? 0) + 1);
        await sleep(5);
      });
      return q;
    };
    const writer = jobQueue(t().db, { log: () => {} });
    for (let i = 0; i < 20; i++) await writer.enqueue('race', `s${i}`, {});
    const a = make();
    const b = make();
    a.start();
    b.start();
    await expect.poll(() => runs.size, { timeout: 10_000 }).toBe(20);
    await sleep(100);
    await Promise.all([a.stop(), b.stop()]);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
  });

  it('a job whose process died mid-way (its lease ran out) is taken over; a live lease is not', async () => {
    const now = { t: 1_000_000 };
    const dead = jobQueue(t().db, { log: () => {}, now: () => now.t, leaseMs: 1000 });
    let started = 0;
    dead.handle('lease', async () => {
      started += 1;
      await new Promise(() => {}); // never finishes: the process "dies" holding the job
    });
    await dead.enqueue('lease', 'x', {});
    await expect.poll(() => started).toBe(1);
    void dead.stop(0);

    let taken = 0;
    const other = jobQueue(t().db, { log: () => {}, now: () => now.t, leaseMs: 1000 });
    other.handle('lease', async () => {
      taken += 1;
    });
    await other.idle();
    expect(taken).toBe(0); // the lease still holds
    now.t += 5000;
    await other.idle();
    expect(taken).toBe(1);
    expect(await other.status('lease', 'x')).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('a failing job is retried later with its error kept, then given up after the last attempt', async () => {
    const now = { t: 2_000_000 };
    const lines: string[] = [];
    const q = jobQueue(t().db, { log: (l) => lines.push(l), now: () => now.t, maxAttempts: 2 });
    q.handle('flaky', async () => {
      throw new Error('disk full');
    });
    await q.enqueue('flaky', 'y', {});
    await q.idle();
    expect(await q.status('flaky', 'y')).toMatchObject({ status: 'queued', attempts: 1, lastError: 'disk full' });
    now.t += 31_000;
    await q.idle();
    expect(await q.status('flaky', 'y')).toMatchObject({ status: 'failed', attempts: 2, lastError: 'disk full' });
    expect(lines.map((l) => JSON.parse(l).msg)).toEqual(['job failed; will retry', 'job failed; given up']);
    // Queued again (an admin approves once more): a fresh start.
    await q.stop();
    await q.enqueue('flaky', 'y', {});
    expect(await q.status('flaky', 'y')).toMatchObject({ status: 'queued', attempts: 0, lastError: null });
  });

  it('forgets finished jobs after a week, keeps failed ones', async () => {
    const now = { t: 3_000_000 };
    const q = jobQueue(t().db, { log: () => {}, now: () => now.t, maxAttempts: 1 });
    q.handle('old-ok', async () => {});
    q.handle('old-bad', async () => {
      throw new Error('no');
    });
    await q.enqueue('old-ok', 'a', {});
    await q.enqueue('old-bad', 'b', {});
    await q.idle();
    now.t += 8 * 24 * 3600_000;
    await q.prune();
    expect(await q.status('old-ok', 'a')).toBeNull();
    expect(await q.status('old-bad', 'b')).toMatchObject({ status: 'failed' });
  });
});
