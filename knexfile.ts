// Knex configuration for tools. The server builds its own instance in server/db/knex.ts
// from DATABASE_URL; migrations are listed in server/db/migrations/index.ts.
import type { Knex } from 'knex';
import { migrationSource } from './server/db/migrations';

const url = process.env.DATABASE_URL ?? 'sqlite:data/app.sqlite3';
const isPg = url.startsWith('postgres');

const config: Knex.Config = isPg
  ? { client: 'pg', connection: url, migrations: { migrationSource } }
  : {
      client: 'sqlite3',
      connection: { filename: url.replace(/^sqlite:/, '') },
      useNullAsDefault: true,
      migrations: { migrationSource },
    };

export default config;
