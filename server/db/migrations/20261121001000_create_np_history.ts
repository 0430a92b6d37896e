import { createTable } from '../migration-kit';

export const { up, down } = createTable('np_history', (t) => {
  t.increments('seq').primary();
  t.string('tenant', 32).notNullable();
  t.string('title', 300).notNullable();
  t.string('artist', 300).notNullable();
  t.string('art', 2000).nullable();
  t.string('played_at', 32).notNullable();
  t.index(['tenant', 'seq']);
});
