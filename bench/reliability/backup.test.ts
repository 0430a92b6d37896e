import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY, boundedFetch, checkBuild, CLI_ENTRY, freshDatabase, nextAddress, ROOT, sleep, startServer, stopServer, storedPrayers, type Running } from './helpers';
import { approvedPrayerIds, runWorkload, summary } from './workload';

// Backups as the README tells an operator to take and restore them, while the server serves.
const run = promisify(execFile);
let dir = '';
beforeAll(() => {
  checkBuild();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'radio-rel-backup-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Every prayer the admin sees, through the API of a running server. */
async function prayerIdsViaApi(s: Running): Promise<Set<string>> {
  const res = await boundedFetch(`${s.url}/api/prayers?tenant=caribbean`, { headers: { 'x-admin-key': ADMIN_KEY, 'x-forwarded-for': nextAddress() } });
  expect(res.status).toBe(200);
  return new Set(((await res.json()) as { id: string }[]).map((p) => p.id));
}

const hasPgTools = (() => {
  try {
    execFileSync('pg_dump', ['--version'], { stdio: 'ignore' });
    execFileSync('pg_restore', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/**
 * A server on `env` under 30 clients of mixed load, `backup` taken 2 s into it; the load stops
 * 1 s after it, having had no 5xx and no error, then the server stops cleanly. Answers the
 * prayers stored before the backup began, how long it took, what it answered and the load.
 */
async function backupUnderLoad<T>(env: Record<string, string>, backup: () => Promise<T>) {
  const server = await startServer(env);
  try {
    const heartIds = (await approvedPrayerIds(server.url)).slice(0, 4).map((p) => p.id);
    let stop = false;
    const load = runWorkload({ base: server.url, concurrency: 30, seconds: 60, stop: () => stop, heartIds, label: 'backup' });
    await sleep(2000);
    const before = (await storedPrayers(env.DATABASE_URL!)).ids;
    const t0 = performance.now();
    const answer = await backup();
    const backupMs = performance.now() - t0;
    await sleep(1000);
    stop = true;
    const result = await load;
    const s = summary(result);
    expect(s.fiveXx).toBe(0);
    expect(result.errors).toBe(0);
    expect(Object.fromEntries(result.unexpected)).toEqual({});
    expect(await stopServer(server)).toBe(0);
    return { before, backupMs, answer, result, s };
  } finally {
    await stopServer(server);
  }
}

describe('backups while serving, restored as the README says', () => {
  it('SQLite: `db:backup` (VACUUM INTO) under write load; the copy, put in place of the database, serves the data', async ({ task }) => {
    const file = path.join(dir, 'live.sqlite3');
    const env = { DATABASE_URL: `sqlite:${file}`, DEMO_DATA: 'on', UPLOAD_DIR: path.join(dir, 'up-sqlite') };
    const copy = path.join(dir, 'backups', 'radio.sqlite3');
    // What `npm run db:backup -- <file>` runs, against this build.
    const { before, backupMs, answer, result, s } = await backupUnderLoad(env, () =>
      run(process.execPath, [CLI_ENTRY, 'backup', copy], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', DATABASE_URL: env.DATABASE_URL },
        timeout: 60_000,
      }),
    );
    expect(answer.stdout).toContain('Backup written to');
    const backup = await storedPrayers(`sqlite:${copy}`);
    const notInCopy = [...before].filter((id) => !backup.ids.has(id));
    expect(backup.integrity).toBe('ok');
    expect(notInCopy).toEqual([]);

    // README: stop the server, replace the database file with the copy, delete -wal/-shm, start.
    const writtenAfter = (await storedPrayers(env.DATABASE_URL)).ids.size - backup.ids.size;
    fs.copyFileSync(copy, file);
    for (const extra of ['-wal', '-shm']) fs.rmSync(file + extra, { force: true });
    const restored = await startServer(env);
    try {
      const served = await prayerIdsViaApi(restored);
      const missing = [...backup.ids].filter((id) => !served.has(id));
      const write = await boundedFetch(`${restored.url}/api/prayers?tenant=caribbean`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
        body: JSON.stringify({ text: 'after the restore' }),
      });
      task.meta.figures = [
        `Backup of the live database taken in ${Math.round(backupMs)} ms by \`cli.js backup\` while 30 clients of mixed load ran (${result.requests} answers, ${s.statuses}, 5xx ${s.fiveXx}, errors ${result.errors}; latency ms ${s.latency})`,
        `The copy: integrity_check ${backup.integrity}, ${backup.ids.size} prayers, every one stored before the backup began is in it (missing ${notInCopy.length}); ${writtenAfter} written while or after it was taken are not, as expected`,
        `Restored (file replaced, -wal/-shm deleted, server started on it): the API lists all ${served.size} prayers of the copy (missing ${missing.length}); a new write ${write.status}`,
      ];
      console.log(task.meta.figures.join('\n'));
      expect(served.size).toBe(backup.ids.size);
      expect(missing).toEqual([]);
      expect(write.status).toBe(201);
    } finally {
      await stopServer(restored);
    }
  });

  it.skipIf(!hasPgTools)('PostgreSQL: `pg_dump --format=custom` under write load; `pg_restore --clean --if-exists` brings the data back', async ({ task }) => {
    const database = await freshDatabase('postgres', dir, 'backup');
    const env = { DATABASE_URL: database.url, DEMO_DATA: 'on', UPLOAD_DIR: path.join(dir, 'up-pg') };
    let restored: Running | null = null;
    try {
      const dump = path.join(dir, 'radio.dump');
      const { before, backupMs: dumpMs, result, s } = await backupUnderLoad(env, () => run('pg_dump', ['--format=custom', `--file=${dump}`, database.url], { timeout: 60_000 }));
      const beforeRestore = (await storedPrayers(database.url)).ids.size;

      // README: pg_restore --clean --if-exists into the database (server stopped), start again.
      await run('pg_restore', ['--clean', '--if-exists', `--dbname=${database.url}`, dump], { timeout: 60_000 });
      const afterRestore = await storedPrayers(database.url);
      const notRestored = [...before].filter((id) => !afterRestore.ids.has(id));
      restored = await startServer(env);
      const served = await prayerIdsViaApi(restored);
      const missing = [...afterRestore.ids].filter((id) => !served.has(id));
      task.meta.figures = [
        `pg_dump of the live database in ${Math.round(dumpMs)} ms while 30 clients of mixed load ran (${result.requests} answers, ${s.statuses}, 5xx ${s.fiveXx}, errors ${result.errors})`,
        `Restored with pg_restore --clean --if-exists over the database (which had ${beforeRestore} prayers by then): ${afterRestore.ids.size} prayers, every one stored before the dump began among them (missing ${notRestored.length}); the server started on it lists them all (missing ${missing.length})`,
      ];
      console.log(task.meta.figures.join('\n'));
      expect(notRestored).toEqual([]);
      expect(afterRestore.ids.size).toBeLessThan(beforeRestore); // the dump's state, not the later one
      expect(missing).toEqual([]);
    } finally {
      if (restored) await stopServer(restored);
      await database.drop();
    }
  });
});
