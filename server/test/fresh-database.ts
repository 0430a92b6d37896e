import { randomUUID } from 'node:crypto';
import knexFactory from 'knex';
import { PG_URL } from './test-app';

export interface FreshDatabase {
  /** The database's name, `<prefix>_<12 hex>`. */
  name: string;
  /** TEST_DATABASE_URL with this database in its path. */
  url: string;
  /** Drops it, with any connection still open on it. */
  drop(): Promise<void>;
}

const pgAdmin = () => knexFactory({ client: 'pg', connection: PG_URL, pool: { min: 0, max: 1 } });

/**
 * A PostgreSQL database of its own on TEST_DATABASE_URL's server, for server processes that
 * must share one database (a schema is not enough: each process migrates `public`).
 */
export async function freshPgDatabase(prefix: string): Promise<FreshDatabase> {
  if (!PG_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = pgAdmin();
  try {
    await admin.raw(`create database ${name}`);
  } finally {
    await admin.destroy();
  }
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  return {
    name,
    url: u.toString(),
    async drop() {
      const again = pgAdmin();
      try {
        await again.raw(`drop database if exists ${name} with (force)`);
      } finally {
        await again.destroy();
      }
    },
  };
}
