import type { Knex } from 'knex';

// docs/api.md "Reminders by Web Push": each subscription keeps the client address it came from
// (IPv6: its /64), so one address holds a bounded number, and its endpoint's push-service host,
// so the scheduler sends to each host on its own lane and one slow host delays no other's.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('push_subscriptions', (t) => {
    // Null for rows made before this change: they count against no address.
    t.string('address', 64).nullable();
    t.string('endpoint_host', 300).nullable();
    t.index(['address']);
    t.index(['endpoint_host']);
  });
  const rows: { id: string; endpoint: string }[] = await knex('push_subscriptions').select('id', 'endpoint');
  for (const row of rows) {
    let host = '';
    try {
      host = new URL(row.endpoint).host.toLowerCase();
    } catch {
      // An endpoint that is not a URL was refused when it came; it gets an empty host.
    }
    await knex('push_subscriptions').where({ id: row.id }).update({ endpoint_host: host });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('push_subscriptions', (t) => {
    t.dropIndex(['address']);
    t.dropIndex(['endpoint_host']);
    t.dropColumn('address');
    t.dropColumn('endpoint_host');
  });
}
