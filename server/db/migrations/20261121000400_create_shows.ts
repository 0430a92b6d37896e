import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('shows', (t) => {
    t.string('id', 64).primary();
    t.string('tenant', 32).notNullable();
    t.string('title', 120).notNullable();
    t.text('description').notNullable();
    t.string('start_time', 5).notNullable();
    t.string('end_time', 5).notNullable();
    // JSON array of weekday names; both engines store it as text.
    t.text('days').notNullable();
    t.string('created_at', 32).notNullable();
    t.index(['tenant', 'start_time']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('shows');
}
