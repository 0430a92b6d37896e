import type { Knex } from 'knex';
import { bigIntegers, createTables, strings, type Migration } from '../migration-kit';

// Admins who are people (docs/api.md, "Admins who are people"). Times are epoch
// milliseconds; tokens are kept only as their SHA-256, so a copy of the database signs
// nobody in.
/** A row of one person's, gone with them. */
const personId = (t: Knex.CreateTableBuilder) => t.string('person_id', 64).notNullable().references('id').inTable('admin_people').onDelete('CASCADE').index();

/** When the row was made and when it was last used (null until then), epoch ms. */
const madeAndLastUsed = (t: Knex.CreateTableBuilder, lastUsed: string) => {
  t.bigInteger('created_at').notNullable();
  t.bigInteger(lastUsed).nullable();
};

const tables = createTables({
  admin_people: (t) => {
    t.string('id', 64).primary();
    strings(t, { name: 80, role: 16 });
    // The WebAuthn user handle (random, base64url): never the id or the name.
    t.string('user_handle', 64).notNullable().unique();
    madeAndLastUsed(t, 'last_sign_in_at');
  },
  admin_passkeys: (t) => {
    // The credential id, base64url.
    t.string('id', 1400).primary();
    personId(t);
    t.text('public_key').notNullable();
    t.bigInteger('counter').notNullable().defaultTo(0);
    t.string('transports', 200).notNullable().defaultTo('[]');
    madeAndLastUsed(t, 'last_used_at');
  },
  admin_sessions: (t) => {
    t.string('token_hash', 64).primary();
    personId(t);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('expires_at').notNullable().index();
  },
  admin_invites: (t) => {
    t.string('token_hash', 64).primary();
    strings(t, { name: 80, role: 16, invited_by: 80 });
    bigIntegers(t, 'created_at', 'expires_at');
    t.bigInteger('used_at').nullable();
  },
  // A WebAuthn challenge between its options and its answer, so any process can check it.
  admin_ceremonies: (t) => {
    t.string('id', 64).primary();
    strings(t, { kind: 16, challenge: 200 });
    // Registration: the invite's token hash (joining) or the person adding a passkey.
    t.string('invite_hash', 64).nullable();
    t.string('person_id', 64).nullable();
    t.string('user_handle', 64).nullable();
    t.bigInteger('expires_at').notNullable().index();
  },
  admin_activity: (t) => {
    t.increments('seq').primary();
    t.bigInteger('at').notNullable();
    t.string('tenant', 32).nullable();
    // Null for the admin key; kept (not a foreign key) so a removed person's entries stay.
    t.string('actor_id', 64).nullable().index();
    strings(t, { actor_name: 80, action: 64, target_type: 32, target_id: 200, summary: 300 });
  },
});

export const up: Migration['up'] = async (knex: Knex) => {
  await tables.up(knex);
  // Failed sign-ins: wrong keys ('key') and failed passkey sign-ins ('passkey'). Only wrong
  // keys count toward the global lock-out, which guards the key alone.
  await knex.schema.alterTable('auth_failures', (t) => {
    t.string('kind', 16).notNullable().defaultTo('key');
  });
};

export const down: Migration['down'] = async (knex: Knex) => {
  await knex.schema.alterTable('auth_failures', (t) => {
    t.dropColumn('kind');
  });
  await tables.down(knex);
};
