import type { Knex } from 'knex';

// When an admin last approved or rejected the item: a rejected artist is unapproved like a
// new one, and only this tells the moderation queue it has been dealt with.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('artists', (t) => {
    t.string('reviewed_at', 32).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('artists', (t) => {
    t.dropColumn('reviewed_at');
  });
}
