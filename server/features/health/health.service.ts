import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pingDb } from '../../db/knex';
import { pendingMigrations } from '../../db/migrations';
import type { Deps } from '../../http/context';

/** What GET /api/health/ready looks at (docs/api.md "Health"). */
export type ReadyCheck = 'database' | 'migrations' | 'storage';
export type CheckState = 'ok' | 'failing' | 'pending' | 'unknown';

export interface Readiness {
  ok: boolean;
  checks: Record<ReadyCheck, CheckState>;
}

/** A check that hangs (a database that never answers) counts as failing after this. */
export const CHECK_TIMEOUT_MS = 5_000;

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Whether this process can do its work: the database answers, every migration of this build
 * has run on it (a process of a newer build started before `db:migrate`), and the upload
 * storage takes a write (a small file put and deleted, on the disk or the bucket). The reasons
 * go to the log, not to the public answer.
 */
export function healthService(deps: Pick<Deps, 'db' | 'storage' | 'warn'>, timeoutMs = CHECK_TIMEOUT_MS) {
  const warn = (check: ReadyCheck, err: unknown) =>
    deps.warn?.(JSON.stringify({ level: 'warn', msg: 'not ready', check, error: err instanceof Error ? err.message : String(err) }));

  async function database(): Promise<CheckState> {
    try {
      await within(pingDb(deps.db), timeoutMs);
      return 'ok';
    } catch (err) {
      warn('database', err);
      return 'failing';
    }
  }

  async function migrations(): Promise<CheckState> {
    try {
      const pending = await within(pendingMigrations(deps.db), timeoutMs);
      if (pending.length === 0) return 'ok';
      warn('migrations', `pending: ${pending.join(', ')}`);
      return 'pending';
    } catch (err) {
      warn('migrations', err);
      return 'failing';
    }
  }

  async function storage(): Promise<CheckState> {
    const name = `${randomUUID()}.txt`;
    const local = path.join(os.tmpdir(), `radio-ready-${name}`);
    try {
      await fsp.writeFile(local, 'ready\n');
      await within(
        (async () => {
          await deps.storage.put(name, local, 'text/plain');
          await deps.storage.remove(name);
        })(),
        timeoutMs,
      );
      return 'ok';
    } catch (err) {
      warn('storage', err);
      return 'failing';
    } finally {
      await fsp.rm(local, { force: true });
    }
  }

  return {
    async readiness(): Promise<Readiness> {
      const [db, store] = await Promise.all([database(), storage()]);
      // Without a database there is no telling which migrations ran.
      const migrated = db === 'ok' ? await migrations() : 'unknown';
      const checks = { database: db, migrations: migrated, storage: store };
      return { ok: Object.values(checks).every((state) => state === 'ok'), checks };
    },
  };
}
