import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // In the database, not in memory, so that every server process sees one count.
  await knex.schema.createTable('rate_counters', (t) => {
    t.string('bucket', 300).notNullable();
    t.integer('window').notNullable();
    t.integer('count').notNullable();
    t.primary(['bucket', 'window']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rate_counters');
}
