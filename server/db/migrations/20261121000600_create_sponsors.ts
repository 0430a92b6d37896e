import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sponsors', (t) => {
    t.string('id', 64).primary();
    t.string('tenant', 32).notNullable();
    t.string('name', 160).notNullable();
    t.string('tier', 16).notNullable();
    t.string('image_url', 2000).nullable();
    t.text('notes').notNullable();
    t.string('target_url', 2000).nullable();
    t.boolean('active').notNullable().defaultTo(false);
    t.string('created_at', 32).notNullable();
    t.index(['tenant', 'active']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sponsors');
}
