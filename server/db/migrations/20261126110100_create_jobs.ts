import { createTable } from '../migration-kit';

// The durable job queue (server/jobs/job-queue.ts, docs/renditions.md): a job is a row until
// it is done, claimed by one process at a time with a lease, so a restart or a crash loses
// nothing and two processes never run the same job at once. One row per (kind, subject).
export const { up, down } = createTable('jobs', (t) => {
  t.string('id', 64).primary();
  t.string('kind', 40).notNullable();
  t.string('subject', 200).notNullable();
  t.text('payload').notNullable();
  // queued | running | done | failed
  t.string('status', 16).notNullable();
  t.integer('attempts').notNullable().defaultTo(0);
  t.bigInteger('run_after').notNullable();
  t.bigInteger('lease_until').nullable();
  t.string('holder', 64).nullable();
  t.text('last_error').nullable();
  t.bigInteger('created_at').notNullable();
  t.unique(['kind', 'subject']);
  t.index(['status', 'run_after']);
});
