import type { Knex } from 'knex';

// docs/api.md "Audience": a session is our player's (its beacon) or the relay's (segment requests
// grouped by an anonymous key kept in memory); the report shows each source's listening hours.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('listening_sessions', (t) => {
    t.string('source', 8).notNullable().defaultTo('player');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('listening_sessions', (t) => {
    t.dropColumn('source');
  });
}
