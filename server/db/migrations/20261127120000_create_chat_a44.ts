import { counters, createTables, flags, strings } from '../migration-kit';

// Live chat (docs/api.md "Live chat"): one room per tenant. The sender's device id and a hash
// of their address are kept for mutes and limits only; no answer ever carries them.
export const { up, down } = createTables({
  chat_messages: (t) => {
    t.string('id', 36).primary();
    strings(t, { tenant: 32, name: 30, text: 280, device_id: 36, address_hash: 64 });
    // host: staff signed in with a passkey (the 'Host' badge). held: for a moderator, by the
    // word list or by reports from three devices. hidden: by a moderator, never shown again,
    // kept until retention deletes it.
    flags(t, 'host', 'held', 'hidden');
    counters(t, 'reports');
    // A moderator approved it: reports no longer hold it.
    flags(t, 'reviewed');
    // Milliseconds: the 7-day retention and the duplicate check compare it.
    t.bigInteger('created_ms').notNullable();
    t.index(['tenant', 'created_ms']);
    t.index(['tenant', 'device_id', 'created_ms']);
  },
  // One report per message per device.
  chat_reports: (t) => {
    t.string('message_id', 36).notNullable();
    t.string('device_id', 36).notNullable();
    t.primary(['message_id', 'device_id']);
  },
  chat_mutes: (t) => {
    t.increments('id').primary();
    strings(t, { tenant: 32, device_id: 36, address_hash: 64 });
    t.bigInteger('until_ms').notNullable();
    t.index(['tenant', 'device_id']);
    t.index(['tenant', 'address_hash']);
  },
  // At most one pinned message per tenant.
  chat_pins: (t) => {
    t.string('tenant', 32).primary();
    t.string('message_id', 36).notNullable();
  },
  // The message rate of each sender and address: its theoretical arrival time (GCRA), in ms.
  chat_rates: (t) => {
    t.string('key', 100).primary();
    t.bigInteger('tat').notNullable();
  },
});
