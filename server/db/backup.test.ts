import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDb } from './knex';
import { backupSqlite } from './backup';
import { createTestApp, freshAddress } from '../test/test-app';

describe('db backup (SQLite)', () => {
  it('copies the live database while writes go on, and the copy restores with the data', async () => {
    const t = await createTestApp('sqlite');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'radio-backup-'));
    try {
      const before = await t.http().post('/api/artists').set('X-Forwarded-For', freshAddress()).send({ name: 'Before Backup', bio: 'Recorded first.', countryCode: 'GY' });
      expect(before.status).toBe(201);
      // Writes keep landing while the copy is taken.
      const writes = Promise.all(
        Array.from({ length: 15 }, (_, i) =>
          t.http().post('/api/artists').set('X-Forwarded-For', freshAddress()).send({ name: `During ${i}`, bio: 'Concurrent.', countryCode: 'JM' }),
        ),
      );
      const file = await backupSqlite(t.db, path.join(dir, 'copy.sqlite3'));
      expect((await writes).every((r) => r.status === 201)).toBe(true);

      const restored = createDb(`sqlite:${file}`);
      try {
        const check = await restored.raw('PRAGMA integrity_check');
        expect(check[0]).toEqual({ integrity_check: 'ok' });
        const row = await restored('artists').where({ id: before.body.id }).first();
        expect(row.name).toBe('Before Backup');
      } finally {
        await restored.destroy();
      }
      await expect(backupSqlite(t.db, path.join(dir, 'copy.sqlite3'))).rejects.toThrow(/already exists/);
      // Only the finished copy: no temporary file left behind.
      expect(fs.readdirSync(dir)).toEqual(['copy.sqlite3']);
    } finally {
      await t.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses PostgreSQL, pointing at pg_dump (no connection is made)', async () => {
    const pg = createDb('postgres://nobody@127.0.0.1:1/none');
    try {
      await expect(backupSqlite(pg, path.join(os.tmpdir(), 'never.sqlite3'))).rejects.toThrow(/pg_dump/);
    } finally {
      await pg.destroy();
    }
  });
});
