import { createTable, strings } from '../migration-kit';

export const { up, down } = createTable('idempotency_keys', (t) => {
  // scope = tenant + method + route; the same key on another route is another request.
  strings(t, { scope: 200, key: 200, fingerprint: 64 });
  // null while the first request is still being answered.
  t.integer('status').nullable();
  t.text('body').nullable();
  t.bigInteger('created_ms').notNullable();
  t.primary(['scope', 'key']);
  t.index(['created_ms']);
});
