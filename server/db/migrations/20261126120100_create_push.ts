import { bigIntegers, createTables, strings } from '../migration-kit';

// Reminders by Web Push (docs/api.md "Reminders by Web Push").
export const { up, down } = createTables({
  // The VAPID key pair when the environment gives none: made once, the same for every process
  // (one row, id 1, inserted if absent and then read).
  push_keys: (t) => {
    t.integer('id').primary();
    strings(t, { public_key: 200, private_key: 100, created_at: 32 });
  },
  // One browser's subscription per tenant: a browser has one per origin, and both tenants may
  // share an origin (?tenant=caribbean), each with its own shows.
  push_subscriptions: (t) => {
    t.string('id', 64).primary();
    // `origin`: PUBLIC_URL or the origin the browser subscribed on: the notification's link and
    // the VAPID subject's host, which the scheduler (no request at hand) cannot know otherwise.
    strings(t, { tenant: 32, endpoint: 2000, p256dh: 100, auth: 40, origin: 500, created_at: 32, updated_at: 32 });
    t.unique(['tenant', 'endpoint']);
  },
  push_subscription_shows: (t) => {
    strings(t, { subscription_id: 64, show_id: 64 });
    t.primary(['subscription_id', 'show_id']);
    t.index(['show_id']);
  },
  // One row per subscription per airing: inserting it is the claim that makes exactly one
  // process send (a second insert of the same key does nothing).
  push_deliveries: (t) => {
    // `airing`: the airing in the tenant's zone, 'YYYY-MM-DDTHH:MM' (date and the show's
    // startTime): a wall-clock time that happens twice when the clocks go back is still one airing.
    strings(t, { subscription_id: 64, show_id: 64, airing: 20 });
    t.bigInteger('starts_at_ms').notNullable();
    // pending → sent, or dropped once the show has started without a successful send.
    t.string('state', 10).notNullable();
    t.integer('attempts').notNullable();
    // `lease_until_ms`: a process sending holds the row until then; one that died mid-send lets another retry.
    bigIntegers(t, 'next_attempt_ms', 'lease_until_ms');
    t.primary(['subscription_id', 'show_id', 'airing']);
    t.index(['state', 'next_attempt_ms']);
  },
});
