import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('auth_failures', (t) => {
    t.increments('seq').primary();
    t.string('address', 64).notNullable();
    t.bigInteger('failed_ms').notNullable();
    t.index(['address', 'failed_ms']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('auth_failures');
}
