import type { NewPrayer, Prayer, PrayerHearts } from '../../../domain/prayers';
import type { Tenant } from '../../../domain/tenants';
import type { Db } from '../../db/knex';
import { bool, newId, nowIso, num, strOrNull } from '../../db/rows';
import { tenantRecords } from '../../db/tenant-rows';

// A type, not an interface: the seed hands these rows on as plain records.
type PrayerRow = {
  id: string;
  tenant: string;
  text: string;
  name_optional: string | null;
  hearts: number | string;
  approved: unknown;
  created_at: string;
  reviewed_at?: string | null;
};

const toPrayer = (r: PrayerRow): Prayer => ({
  id: r.id,
  text: r.text,
  nameOptional: strOrNull(r.name_optional),
  hearts: num(r.hearts),
  createdAt: r.created_at,
  approved: bool(r.approved),
  reviewedAt: strOrNull(r.reviewed_at),
});

/** The row a new prayer becomes: unreviewed with no hearts unless `state` says otherwise (the demo seed inserts through it too). */
export const toPrayerRow = (tenant: Tenant, input: NewPrayer, now: number, state: { approved?: boolean; hearts?: number } = {}): PrayerRow => ({
  id: newId(),
  tenant,
  text: input.text,
  name_optional: input.nameOptional,
  hearts: state.hearts ?? 0,
  approved: state.approved ?? false,
  created_at: nowIso(now),
});

export function prayersRepository(db: Db) {
  const records = tenantRecords(db, 'prayers', { toItem: toPrayer, toNewRow: toPrayerRow });
  return {
    async list(tenant: Tenant, filter: { approved?: boolean; pending?: boolean }): Promise<Prayer[]> {
      const q = db<PrayerRow>('prayers').where({ tenant }).orderBy('created_at', 'desc').orderBy('id');
      if (filter.approved !== undefined) q.andWhere({ approved: filter.approved });
      if (filter.pending) q.andWhere({ approved: false }).whereNull('reviewed_at');
      return (await q).map(toPrayer);
    },

    find: records.find,
    create: records.create,

    /** One atomic UPDATE, so parallel hearts never overwrite each other. Approved prayers only. */
    async addHeart(tenant: Tenant, id: string): Promise<PrayerHearts | null> {
      const updated = await db('prayers')
        .where({ tenant, id, approved: true })
        .update({ hearts: db.raw('hearts + 1') }, ['id', 'hearts']);
      const row = updated[0] as { id: string; hearts: number | string } | undefined;
      return row ? { id: row.id, hearts: num(row.hearts) } : null;
    },

    async setApproved(tenant: Tenant, id: string, approved: boolean, now: number): Promise<Prayer | null> {
      return records.updateColumns(tenant, id, { approved, reviewed_at: nowIso(now) });
    },

    remove: records.remove,
  };
}
