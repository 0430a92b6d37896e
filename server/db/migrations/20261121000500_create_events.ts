import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('events', (t) => {
    t.string('id', 64).primary();
    t.string('tenant', 32).notNullable();
    t.string('title', 160).notNullable();
    t.string('image_url', 2000).nullable();
    t.string('start_iso', 32).notNullable();
    t.string('location_text', 200).notNullable();
    t.double('price_from').nullable();
    t.string('ticket_url', 2000).nullable();
    t.boolean('is_public').notNullable().defaultTo(true);
    t.string('created_at', 32).notNullable();
    t.index(['tenant', 'start_iso']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('events');
}
