import { createTables, strings } from '../migration-kit';

// The live relay (docs/live-relay.md): who runs each tenant's relay, and the segments it has
// published, so every process serves the same playlists and one process relays.
export const { up, down } = createTables({
  // One row per tenant: the process holding it runs the relay while expires_ms is ahead.
  live_leases: (t) => {
    t.string('tenant', 32).primary();
    t.string('holder', 64).notNullable();
    t.bigInteger('expires_ms').notNullable();
  },
  live_segments: (t) => {
    t.increments('id').primary();
    strings(t, { tenant: 32, rendition: 16 });
    // The media sequence number in its rendition's playlist: one more per segment.
    t.integer('seq').notNullable();
    // The discontinuity sequence: one more after each source drop (a new ffmpeg run).
    t.integer('disc').notNullable();
    // The stored name under /live/ (unique for ever: segments are cached as immutable).
    t.string('name', 96).notNullable();
    t.float('duration').notNullable();
    // #EXT-X-PROGRAM-DATE-TIME of the segment's first sample, in ms.
    t.bigInteger('started_ms').notNullable();
    t.integer('bytes').notNullable();
    t.unique(['tenant', 'rendition', 'seq']);
    t.unique(['tenant', 'name']);
    t.index(['tenant', 'started_ms']);
  },
});
