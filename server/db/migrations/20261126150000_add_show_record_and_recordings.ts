import type { Knex } from 'knex';
import { bigIntegers, strings } from '../migration-kit';

// docs/recorder.md: a show marked 'Record this show' is recorded while it airs, and each
// airing's recording is claimed by one process through a row keyed by (show, airing start).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('shows', (t) => {
    t.boolean('record').notNullable().defaultTo(false);
  });
  await knex.schema.createTable('recordings', (t) => {
    t.string('id', 64).primary();
    // `airing_key`: the airing's start in the tenant's zone, 'YYYY-MM-DDTHH:MM'
    // (domain/airings.ts): a start the clocks repeat is one airing, so one key.
    strings(t, { tenant: 32, show_id: 64, airing_key: 16 });
    bigIntegers(t, 'starts_ms', 'ends_ms');
    // The process recording it, and until when its heartbeat holds the claim.
    t.string('holder', 64).notNullable();
    t.bigInteger('expires_ms').notNullable();
    // recording → done (the draft episode made) or empty (the stream never answered).
    t.string('status', 16).notNullable();
    t.string('episode_id', 64).nullable();
    t.string('created_at', 32).notNullable();
    // Exactly one recording per airing however many processes run: the claim is this insert.
    t.unique(['tenant', 'show_id', 'airing_key']);
    t.index(['status', 'expires_ms']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('recordings');
  await knex.schema.alterTable('shows', (t) => {
    t.dropColumn('record');
  });
}
