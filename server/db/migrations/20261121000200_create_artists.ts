import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('artists', (t) => {
    t.string('id', 64).primary();
    t.string('name', 120).notNullable();
    t.text('bio').notNullable();
    t.string('country_code', 2).notNullable();
    t.string('photo_url', 2000).nullable();
    t.boolean('featured').notNullable().defaultTo(false);
    t.string('instagram', 2000).nullable();
    t.string('spotify', 2000).nullable();
    t.string('youtube', 2000).nullable();
    t.string('soundcloud', 2000).nullable();
    t.boolean('approved').notNullable().defaultTo(false);
    t.string('created_at', 32).notNullable();
    t.index(['approved', 'country_code']);
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('artists');
}
