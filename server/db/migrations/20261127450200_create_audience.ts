import { counters, createTables, strings } from '../migration-kit';

// The listener report (docs/api.md "Audience"). Raw sessions are kept 90 days; the hourly and
// daily aggregates, added to as each session closes, are kept for ever. No address is stored.
export const { up, down } = createTables({
  listening_sessions: (t) => {
    // `id`: the session id the device made.
    strings(t, { tenant: 32, id: 64, install_id: 64, kind: 16 });
    t.string('country', 2).nullable();
    t.bigInteger('started_ms').notNullable();
    // The last heartbeat (or the stop): the session ends here if nothing follows.
    t.bigInteger('last_ms').notNullable();
    t.integer('last_seq').notNullable();
    // Up to here the session is in the aggregates (a session that comes back adds from here).
    t.bigInteger('counted_ms').notNullable();
    t.boolean('open').notNullable();
    // How it closed: 'stop', 'timeout' (only such a session may come back, its late beats sent
    // from the outbox) or 'replaced' (a newer session of the same install).
    t.string('ended', 16).nullable();
    t.primary(['tenant', 'id']);
    t.index(['tenant', 'install_id', 'open']);
    t.index(['open', 'last_ms']);
    t.index(['started_ms']);
  },
  audience_hours: (t) => {
    t.string('tenant', 32).notNullable();
    t.bigInteger('hour_ms').notNullable();
    counters(t, 'live_seconds', 'episode_seconds', 'track_seconds');
    // Listeners in each of the hour's 60 minutes (JSON), and their largest.
    t.text('minutes').notNullable();
    counters(t, 'peak', 'unique_installs', 'sessions');
    // The upstream's own count (AzuraCast, Icecast): its samples in the hour.
    t.integer('upstream_peak').notNullable().defaultTo(0);
    t.bigInteger('upstream_sum').notNullable().defaultTo(0);
    t.integer('upstream_samples').notNullable().defaultTo(0);
    t.primary(['tenant', 'hour_ms']);
  },
  audience_days: (t) => {
    t.string('tenant', 32).notNullable();
    t.string('day', 10).notNullable();
    t.integer('unique_installs').notNullable().defaultTo(0);
    t.primary(['tenant', 'day']);
  },
  // Which installs an hour or a day has counted already ('h<hour_ms>' or 'd<YYYY-MM-DD>'); kept
  // 90 days like the sessions, the counts stay in the aggregates.
  audience_seen: (t) => {
    strings(t, { tenant: 32, period: 24, install_id: 64 });
    t.bigInteger('at_ms').notNullable();
    t.primary(['tenant', 'period', 'install_id']);
    t.index(['at_ms']);
  },
  audience_shows: (t) => {
    strings(t, { tenant: 32, day: 10, show_id: 64, title: 200 });
    t.integer('seconds').notNullable().defaultTo(0);
    t.primary(['tenant', 'day', 'show_id']);
  },
  audience_breakdown: (t) => {
    // `key`: 'country:GY', 'kind:live'.
    strings(t, { tenant: 32, day: 10, key: 32 });
    t.integer('seconds').notNullable().defaultTo(0);
    t.primary(['tenant', 'day', 'key']);
  },
});
