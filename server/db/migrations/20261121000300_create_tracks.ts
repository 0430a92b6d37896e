import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tracks', (t) => {
    t.string('id', 64).primary();
    t.string('artist_id', 64).notNullable().references('id').inTable('artists').onDelete('CASCADE');
    t.string('title', 160).notNullable();
    t.string('genre', 32).notNullable();
    t.integer('bpm').nullable();
    t.string('song_key', 12).nullable();
    t.boolean('explicit').notNullable().defaultTo(false);
    t.boolean('featured').notNullable().defaultTo(false);
    t.string('cover_url', 2000).nullable();
    t.string('file_url', 2000).notNullable();
    t.string('status', 16).notNullable().defaultTo('pending');
    t.string('created_at', 32).notNullable();
    t.index(['artist_id']);
    t.index(['status', 'genre']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('tracks');
}
