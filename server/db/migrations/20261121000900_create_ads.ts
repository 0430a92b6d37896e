import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('ads', (t) => {
    t.string('id', 64).primary();
    t.string('tenant', 32).notNullable();
    t.string('image_url', 2000).notNullable();
    t.string('target_url', 2000).notNullable();
    t.string('alt', 200).notNullable();
    // JSON arrays of slot names and country codes.
    t.text('slots').notNullable();
    t.text('countries').notNullable();
    t.boolean('active').notNullable().defaultTo(true);
    t.integer('impressions').notNullable().defaultTo(0);
    t.integer('clicks').notNullable().defaultTo(0);
    t.string('created_at', 32).notNullable();
    t.index(['tenant', 'active']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('ads');
}
