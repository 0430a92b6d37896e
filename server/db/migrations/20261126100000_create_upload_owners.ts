import { createTables } from '../migration-kit';

export const { up, down } = createTables({
  // Who may go on with a resumable upload: the SHA-256 of the token its creator was given
  // (docs/uploads.md "Ownership"). Kept a while after the upload ends, so a client that
  // missed the final answer can still ask for it with its token.
  upload_owners: (t) => {
    t.string('id', 80).primary();
    t.string('token_sha256', 64).notNullable();
    t.bigInteger('created_at').notNullable().index();
  },
});
