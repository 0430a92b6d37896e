import { createTables } from '../migration-kit';

export const { up, down } = createTables({
  // Every stored upload, so that unreferenced ones can be deleted after 24 h and a shoutout
  // can name a finished resumable upload of its purpose (docs/uploads.md).
  uploads: (t) => {
    t.string('name', 80).primary();
    t.string('purpose', 16).notNullable();
    t.bigInteger('bytes').notNullable();
    t.string('client_address', 64).notNullable();
    // The tus upload it was finished from, so a client that missed the final answer can ask again.
    t.string('resumable_id', 80).nullable().index();
    t.bigInteger('created_at').notNullable().index();
    // Set once the sweep found a row that references it; such a file is kept until that row goes.
    t.bigInteger('kept_at').nullable();
  },
  // One writer per resumable upload across every process (tus Locker over the database).
  upload_locks: (t) => {
    t.string('id', 80).primary();
    t.string('holder', 64).notNullable();
    t.bigInteger('expires_at').notNullable();
    // Set by a process that wants the lock: the holder lets go of it (tus's cancel request).
    t.boolean('wanted').notNullable().defaultTo(false);
  },
  // Bytes uploaded per UTC day, per client address and in total (docs/api.md quotas).
  upload_quota: (t) => {
    t.integer('day').notNullable();
    t.string('scope', 80).notNullable();
    t.bigInteger('bytes').notNullable();
    t.primary(['day', 'scope']);
  },
});
