import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('prayers', (t) => {
    t.string('id', 64).primary();
    t.string('tenant', 32).notNullable();
    t.text('text').notNullable();
    t.string('name_optional', 80).nullable();
    t.integer('hearts').notNullable().defaultTo(0);
    t.boolean('approved').notNullable().defaultTo(false);
    t.string('created_at', 32).notNullable();
    t.index(['tenant', 'approved', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('prayers');
}
