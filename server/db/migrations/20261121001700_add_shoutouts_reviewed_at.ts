import type { Knex } from 'knex';

// When an admin last approved or rejected the item: a rejected shoutout is unapproved like a
// new one, and only this tells the moderation queue it has been dealt with.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('shoutouts', (t) => {
    t.string('reviewed_at', 32).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('shoutouts', (t) => {
    t.dropColumn('reviewed_at');
  });
}
