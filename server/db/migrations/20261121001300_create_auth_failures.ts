import { createTable } from '../migration-kit';

export const { up, down } = createTable('auth_failures', (t) => {
  t.increments('seq').primary();
  t.string('address', 64).notNullable();
  t.bigInteger('failed_ms').notNullable();
  t.index(['address', 'failed_ms']);
});
