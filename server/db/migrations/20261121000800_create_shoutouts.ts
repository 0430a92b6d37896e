import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('shoutouts', (t) => {
    t.string('id', 64).primary();
    t.string('tenant', 32).notNullable();
    t.string('name_optional', 80).nullable();
    t.string('audio_url', 2000).notNullable();
    t.boolean('approved').notNullable().defaultTo(false);
    t.string('created_at', 32).notNullable();
    t.index(['tenant', 'approved']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('shoutouts');
}
