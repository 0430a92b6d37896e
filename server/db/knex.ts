import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';

export type Db = Knex;

export interface DbOptions {
  /** PostgreSQL schema to use (tests give each run its own). */
  searchPath?: string;
  pool?: { min: number; max: number };
}

export function isPostgresUrl(url: string): boolean {
  return url.startsWith('postgres://') || url.startsWith('postgresql://');
}

export function sqlitePath(url: string): string {
  return url.replace(/^sqlite:(\/\/)?/, '');
}

/** The one Knex instance: SQLite (WAL, foreign keys, busy timeout) or a pg pool. */
export function createDb(url: string, options: DbOptions = {}): Db {
  if (isPostgresUrl(url)) {
    return knexFactory({
      client: 'pg',
      connection: url,
      searchPath: options.searchPath ? [options.searchPath] : undefined,
      // Error messages must not carry bound values (prayer text, sponsor contacts) into logs.
      compileSqlOnError: false,
      pool: options.pool ?? { min: 0, max: 10 },
      acquireConnectionTimeout: 10_000,
    });
  }
  const file = sqlitePath(url);
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  return knexFactory({
    client: 'sqlite3',
    connection: { filename: file },
    useNullAsDefault: true,
    compileSqlOnError: false,
    // One writer at a time is SQLite's rule; a small pool lets reads overlap under WAL.
    pool: {
      min: 1,
      max: file === ':memory:' ? 1 : 4,
      afterCreate(conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) {
        conn.serialize(() => {
          conn.run('PRAGMA journal_mode = WAL');
          conn.run('PRAGMA synchronous = NORMAL');
          conn.run('PRAGMA foreign_keys = ON');
          conn.run('PRAGMA busy_timeout = 5000', (err) => done(err, conn));
        });
      },
    },
  });
}

interface SqliteConnection {
  serialize(fn: () => void): void;
  run(sql: string, cb?: (err: Error | null) => void): void;
}

export function isPostgres(db: Db): boolean {
  return db.client.config.client === 'pg';
}

/** Unique violations of both engines look alike to the error handler. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; errno?: number; message?: string } | null;
  if (!e) return false;
  if (e.code === '23505') return true; // PostgreSQL
  if (e.code === 'SQLITE_CONSTRAINT' && /UNIQUE|PRIMARY KEY/i.test(e.message ?? '')) return true;
  return false;
}

export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  if (!e) return false;
  if (e.code === '23503') return true;
  return e.code === 'SQLITE_CONSTRAINT' && /FOREIGN KEY/i.test(e.message ?? '');
}

/** One trivial query: answers when the database can be reached, throws when not. */
export async function pingDb(db: Db): Promise<void> {
  await db.raw('select 1');
}
