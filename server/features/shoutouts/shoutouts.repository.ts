import type { Shoutout } from '../../../domain/shoutouts';
import type { Tenant } from '../../../domain/tenants';
import type { Db } from '../../db/knex';
import { bool, newId, nowIso, strOrNull } from '../../db/rows';

interface ShoutoutRow {
  id: string;
  tenant: string;
  name_optional: string | null;
  audio_url: string;
  approved: unknown;
  created_at: string;
  reviewed_at?: string | null;
}

const toShoutout = (r: ShoutoutRow): Shoutout => ({
  id: r.id,
  nameOptional: strOrNull(r.name_optional),
  audioUrl: r.audio_url,
  approved: bool(r.approved),
  createdAt: r.created_at,
  reviewedAt: strOrNull(r.reviewed_at),
});

export function shoutoutsRepository(db: Db) {
  return {
    async list(tenant: Tenant, filter: { approved?: boolean; pending?: boolean }): Promise<Shoutout[]> {
      const q = db<ShoutoutRow>('shoutouts').where({ tenant });
      if (filter.approved !== undefined) q.andWhere({ approved: filter.approved });
      if (filter.pending) q.andWhere({ approved: false }).whereNull('reviewed_at');
      return (await q.orderBy('created_at', 'desc').orderBy('id')).map(toShoutout);
    },

    async create(tenant: Tenant, input: { nameOptional: string | null; audioUrl: string }, now: number): Promise<Shoutout> {
      const row: ShoutoutRow = {
        id: newId(),
        tenant,
        name_optional: input.nameOptional,
        audio_url: input.audioUrl,
        approved: false,
        created_at: nowIso(now),
      };
      await db('shoutouts').insert(row);
      return toShoutout(row);
    },

    async setApproved(tenant: Tenant, id: string, approved: boolean, now: number): Promise<Shoutout | null> {
      const count = await db('shoutouts').where({ tenant, id }).update({ approved, reviewed_at: nowIso(now) });
      if (!count) return null;
      const row = await db<ShoutoutRow>('shoutouts').where({ tenant, id }).first();
      return row ? toShoutout(row) : null;
    },

    /** Deletes the shoutout; answers it (for its recording), or null when there was none. */
    async remove(tenant: Tenant, id: string): Promise<Shoutout | null> {
      const row = await db<ShoutoutRow>('shoutouts').where({ tenant, id }).first();
      if (!row) return null;
      return (await db('shoutouts').where({ tenant, id }).delete()) > 0 ? toShoutout(row) : null;
    },
  };
}
