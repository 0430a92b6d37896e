import type { Knex } from 'knex';

// docs/api.md, "Admins who are people": adding a passkey asks for a passkey check in the last
// 5 minutes, so a session remembers when its person last proved a passkey (sign-in, joining).
// Null: never on this session (sessions opened before this column).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('admin_sessions', (t) => {
    t.bigInteger('verified_at').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('admin_sessions', (t) => {
    t.dropColumn('verified_at');
  });
}
