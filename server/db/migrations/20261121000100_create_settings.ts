import { createTable } from '../migration-kit';

export const { up, down } = createTable('settings', (t) => {
  t.string('tenant', 32).primary();
  t.text('data').notNullable();
  t.string('updated_at', 32).notNullable();
});
