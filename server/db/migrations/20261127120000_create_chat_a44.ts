import { createTables } from '../migration-kit';

// Live chat (docs/api.md "Live chat"): one room per tenant. The sender's device id and a hash
// of their address are kept for mutes and limits only; no answer ever carries them.
export const { up, down } = createTables({
  chat_messages: (t) => {
    t.string('id', 36).primary();
    t.string('tenant', 32).notNullable();
    t.string('name', 30).notNullable();
    t.string('text', 280).notNullable();
    t.string('device_id', 36).notNullable();
    t.string('address_hash', 64).notNullable();
    // Staff signed in with a passkey: the 'Host' badge.
    t.boolean('host').notNullable().defaultTo(false);
    // Held for a moderator: by the word list, or by reports from three devices.
    t.boolean('held').notNullable().defaultTo(false);
    // Hidden by a moderator: never shown again, kept until retention deletes it.
    t.boolean('hidden').notNullable().defaultTo(false);
    t.integer('reports').notNullable().defaultTo(0);
    // A moderator approved it: reports no longer hold it.
    t.boolean('reviewed').notNullable().defaultTo(false);
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
    t.string('tenant', 32).notNullable();
    t.string('device_id', 36).notNullable();
    t.string('address_hash', 64).notNullable();
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
