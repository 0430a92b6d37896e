import { createTables } from '../migration-kit';

// Reminders by Web Push (docs/api.md "Reminders by Web Push").
export const { up, down } = createTables({
  // The VAPID key pair when the environment gives none: made once, the same for every process
  // (one row, id 1, inserted if absent and then read).
  push_keys: (t) => {
    t.integer('id').primary();
    t.string('public_key', 200).notNullable();
    t.string('private_key', 100).notNullable();
    t.string('created_at', 32).notNullable();
  },
  // One browser's subscription per tenant: a browser has one per origin, and both tenants may
  // share an origin (?tenant=caribbean), each with its own shows.
  push_subscriptions: (t) => {
    t.string('id', 64).primary();
    t.string('tenant', 32).notNullable();
    t.string('endpoint', 2000).notNullable();
    t.string('p256dh', 100).notNullable();
    t.string('auth', 40).notNullable();
    // PUBLIC_URL or the origin the browser subscribed on: the notification's link and the
    // VAPID subject's host, which the scheduler (no request at hand) cannot know otherwise.
    t.string('origin', 500).notNullable();
    t.string('created_at', 32).notNullable();
    t.string('updated_at', 32).notNullable();
    t.unique(['tenant', 'endpoint']);
  },
  push_subscription_shows: (t) => {
    t.string('subscription_id', 64).notNullable();
    t.string('show_id', 64).notNullable();
    t.primary(['subscription_id', 'show_id']);
    t.index(['show_id']);
  },
  // One row per subscription per airing: inserting it is the claim that makes exactly one
  // process send (a second insert of the same key does nothing).
  push_deliveries: (t) => {
    t.string('subscription_id', 64).notNullable();
    t.string('show_id', 64).notNullable();
    // The airing in the tenant's zone, 'YYYY-MM-DDTHH:MM' (date and the show's startTime): a
    // wall-clock time that happens twice when the clocks go back is still one airing.
    t.string('airing', 20).notNullable();
    t.bigInteger('starts_at_ms').notNullable();
    // pending → sent, or dropped once the show has started without a successful send.
    t.string('state', 10).notNullable();
    t.integer('attempts').notNullable();
    t.bigInteger('next_attempt_ms').notNullable();
    // A process sending holds the row until then; one that died mid-send lets another retry.
    t.bigInteger('lease_until_ms').notNullable();
    t.primary(['subscription_id', 'show_id', 'airing']);
    t.index(['state', 'next_attempt_ms']);
  },
});
