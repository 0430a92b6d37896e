import type { Db } from '../../db/knex';

export type StoredPurpose = 'track' | 'shoutout' | 'image' | 'episode';

export interface UploadRow {
  name: string;
  purpose: string;
  bytes: number | string;
  client_address: string;
  resumable_id: string | null;
  created_at: number | string;
  kept_at: number | string | null;
}

/** Columns that may hold `/uploads/<name>` URLs: what keeps an upload alive (docs/api.md Uploads). */
export const REFERENCING_COLUMNS: readonly { table: string; column: string }[] = [
  { table: 'artists', column: 'photo_url' },
  { table: 'tracks', column: 'file_url' },
  { table: 'tracks', column: 'cover_url' },
  // The low-data rendition the server makes on approval (docs/renditions.md).
  { table: 'tracks', column: 'low_data_url' },
  { table: 'shoutouts', column: 'audio_url' },
  { table: 'events', column: 'image_url' },
  { table: 'sponsors', column: 'image_url' },
  { table: 'ads', column: 'image_url' },
  // Episodes (docs/api.md Round three): the upload, its low-data rendition and its picture.
  { table: 'episodes', column: 'audio_url' },
  { table: 'episodes', column: 'low_data_url' },
  { table: 'episodes', column: 'image_url' },
];

/** The only place that reads or writes the uploads, upload_locks, upload_quota and upload_owners tables. */
export function uploadsRepository(db: Db) {
  return {
    async record(row: { name: string; purpose: StoredPurpose; bytes: number; clientAddress: string; resumableId: string | null; now: number }) {
      await db('uploads').insert({
        name: row.name,
        purpose: row.purpose,
        bytes: row.bytes,
        client_address: row.clientAddress,
        resumable_id: row.resumableId,
        created_at: row.now,
        kept_at: null,
      });
    },

    async find(name: string): Promise<UploadRow | undefined> {
      return db<UploadRow>('uploads').where({ name }).first();
    },

    async findByResumableId(id: string): Promise<UploadRow | undefined> {
      return db<UploadRow>('uploads').where({ resumable_id: id }).first();
    },

    async forget(names: string[]): Promise<void> {
      if (names.length) await db('uploads').whereIn('name', names).delete();
    },

    /** Unkept uploads made before `before`, oldest first. */
    async unkeptBefore(before: number, limit = 500): Promise<UploadRow[]> {
      return db<UploadRow>('uploads').whereNull('kept_at').andWhere('created_at', '<', before).orderBy('created_at').limit(limit);
    },

    async markKept(names: string[], now: number): Promise<void> {
      if (names.length) await db('uploads').whereIn('name', names).update({ kept_at: now });
    },

    /** Which of these URLs some row still references. */
    async referenced(urls: string[]): Promise<Set<string>> {
      const found = new Set<string>();
      if (!urls.length) return found;
      for (const { table, column } of REFERENCING_COLUMNS) {
        if (!(await db.schema.hasTable(table))) continue;
        const rows = await db(table).whereIn(column, urls).select(column);
        for (const r of rows as Record<string, string>[]) found.add(r[column]!);
      }
      return found;
    },

    /** Names we made that are in the table (a file in storage that is not is left over from a crash). */
    async known(names: string[]): Promise<Set<string>> {
      if (!names.length) return new Set();
      const rows = await db<UploadRow>('uploads').whereIn('name', names).select('name');
      return new Set(rows.map((r) => r.name));
    },

    // ---------------------------------------------------------------- quotas

    /** Adds bytes to each scope's count for the day; answers the counts after. */
    async addBytes(day: number, scopes: string[], bytes: number): Promise<number[]> {
      const out: number[] = [];
      for (const scope of scopes) {
        const result = await db.raw(
          `insert into upload_quota (day, scope, bytes) values (?, ?, ?)
           on conflict (day, scope) do update set bytes = upload_quota.bytes + excluded.bytes
           returning bytes`,
          [day, scope, bytes],
        );
        const rows = (Array.isArray(result) ? result : result.rows) as { bytes: number | string }[];
        out.push(Number(rows[0]?.bytes ?? bytes));
      }
      return out;
    },

    async pruneQuota(beforeDay: number): Promise<void> {
      await db('upload_quota').where('day', '<', beforeDay).delete();
    },

    // ---------------------------------------------------------------- owners

    async addOwner(id: string, tokenSha256: string, now: number): Promise<void> {
      await db('upload_owners').insert({ id, token_sha256: tokenSha256, created_at: now });
    },

    /** The SHA-256 of the upload's token, or null for an upload no one was given a token for. */
    async ownerTokenSha256(id: string): Promise<string | null> {
      const row = (await db('upload_owners').where({ id }).first('token_sha256')) as { token_sha256: string } | undefined;
      return row?.token_sha256 ?? null;
    },

    async forgetOwner(id: string): Promise<void> {
      await db('upload_owners').where({ id }).delete();
    },

    async pruneOwners(before: number): Promise<void> {
      await db('upload_owners').where('created_at', '<', before).delete();
    },

    // ---------------------------------------------------------------- locks

    /** Takes the lock when free or expired; true when this holder now has it. */
    async tryLock(id: string, holder: string, now: number, ttlMs: number): Promise<boolean> {
      await db('upload_locks').where({ id }).andWhere('expires_at', '<', now).delete();
      const result = await db.raw(
        `insert into upload_locks (id, holder, expires_at, wanted) values (?, ?, ?, ?) on conflict (id) do nothing`,
        [id, holder, now + ttlMs, false],
      );
      void result;
      const row = await db('upload_locks').where({ id }).first<{ holder: string } | undefined>();
      return row?.holder === holder;
    },

    /** Asks the holder to let go (it sees this when it renews). */
    async want(id: string): Promise<void> {
      await db('upload_locks').where({ id }).update({ wanted: true });
    },

    /** Extends the lease; answers whether another process wants it (or it was lost). */
    async renew(id: string, holder: string, now: number, ttlMs: number): Promise<'held' | 'wanted' | 'lost'> {
      const row = await db('upload_locks').where({ id, holder }).first<{ wanted: unknown } | undefined>();
      if (!row) return 'lost';
      await db('upload_locks').where({ id, holder }).update({ expires_at: now + ttlMs });
      return row.wanted === true || row.wanted === 1 || row.wanted === '1' ? 'wanted' : 'held';
    },

    async unlock(id: string, holder: string): Promise<void> {
      await db('upload_locks').where({ id, holder }).delete();
    },
  };
}

export type UploadsRepository = ReturnType<typeof uploadsRepository>;
