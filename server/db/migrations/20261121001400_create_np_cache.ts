import { createTable } from '../migration-kit';

// The upstream now-playing answer per tenant, in the database rather than in memory, so
// that every server process sees one cache and the upstream is asked once per 10 s in all.
export const { up, down } = createTable('np_cache', (t) => {
  t.string('tenant', 32).primary();
  // The npJsonUrl the row belongs to: a changed URL starts afresh.
  t.text('url').notNullable();
  // When the last fetch was started (successful or not): the 10 s clock.
  t.bigInteger('fetched_ms').notNullable();
  // The last good parsed answer with its time (JSON), or null when there never was one.
  t.text('payload').nullable();
});
