import { createTable, strings } from '../migration-kit';

export const { up, down } = createTable('np_history', (t) => {
  t.increments('seq').primary();
  strings(t, { tenant: 32, title: 300, artist: 300 });
  t.string('art', 2000).nullable();
  t.string('played_at', 32).notNullable();
  t.index(['tenant', 'seq']);
});
