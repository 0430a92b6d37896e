import { createTable } from '../migration-kit';

// In the database, not in memory, so that every server process sees one count.
export const { up, down } = createTable('rate_counters', (t) => {
  t.string('bucket', 300).notNullable();
  t.integer('window').notNullable();
  t.integer('count').notNullable();
  t.primary(['bucket', 'window']);
});
