import fs from 'node:fs';
import path from 'node:path';
import { isPostgres, type Db } from './knex';

/**
 * A consistent copy of the live SQLite database, taken while the server keeps serving:
 * VACUUM INTO reads one snapshot inside a transaction, so concurrent writes neither block
 * it nor tear it. PostgreSQL is backed up with its own tools (docs/setup.md, "Backups").
 */
export async function backupSqlite(db: Db, target: string): Promise<string> {
  if (isPostgres(db)) throw new Error('db:backup copies SQLite databases; use pg_dump for PostgreSQL (see docs/setup.md).');
  const file = path.resolve(target);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (fs.existsSync(file)) throw new Error(`${file} already exists; choose a new name.`);
  // Written under a temporary name and renamed when complete: a backup cut short (disk full,
  // the job killed) never leaves a file that looks like a good copy.
  const partial = `${file}.partial-${process.pid}`;
  try {
    await db.raw('VACUUM INTO ?', [partial]);
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  return file;
}

export function defaultBackupPath(now = new Date()): string {
  return path.join('data', 'backups', `app-${now.toISOString().replace(/[:.]/g, '-')}.sqlite3`);
}
