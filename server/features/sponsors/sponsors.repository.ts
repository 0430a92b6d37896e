import type { SponsorTier } from '../../../domain/catalog';
import type { NewSponsor, Sponsor, SponsorPatch } from '../../../domain/sponsors';
import type { Tenant } from '../../../domain/tenants';
import type { Db } from '../../db/knex';
import { bool, newId, nowIso, strOrNull } from '../../db/rows';
import { tenantRecords } from '../../db/tenant-rows';

// A type, not an interface: the seed hands these rows on as plain records.
type SponsorRow = {
  id: string;
  tenant: string;
  name: string;
  tier: string;
  image_url: string | null;
  notes: string;
  target_url: string | null;
  active: unknown;
  created_at: string;
};

const toSponsor = (r: SponsorRow): Sponsor => ({
  id: r.id,
  name: r.name,
  tier: r.tier as SponsorTier,
  imageUrl: strOrNull(r.image_url),
  notes: r.notes,
  targetUrl: strOrNull(r.target_url),
  active: bool(r.active),
  createdAt: r.created_at,
});

/**
 * The row a sponsor application becomes: inactive and without a logo unless `review` says
 * otherwise (the demo seed inserts reviewed sponsors through it).
 */
export const toSponsorRow = (
  tenant: Tenant,
  input: NewSponsor,
  now: number,
  review: { imageUrl?: string | null; active?: boolean } = {},
): SponsorRow => ({
  id: newId(),
  tenant,
  name: input.name,
  tier: input.tier,
  image_url: review.imageUrl ?? null,
  notes: input.notes,
  target_url: input.targetUrl,
  active: review.active ?? false,
  created_at: nowIso(now),
});

export function sponsorsRepository(db: Db) {
  const records = tenantRecords(db, 'sponsors', { toItem: toSponsor, toNewRow: toSponsorRow });
  return {
    async list(tenant: Tenant, filter: { activeOnly: boolean }): Promise<Sponsor[]> {
      const q = db<SponsorRow>('sponsors').where({ tenant });
      if (filter.activeOnly) q.andWhere({ active: true });
      return (await q.orderBy('created_at', 'desc').orderBy('id')).map(toSponsor);
    },

    find: records.find,

    /** Applications are stored inactive whatever was sent (docs/product.md#states-and-transitions). */
    createApplication: records.create,

    async update(tenant: Tenant, id: string, patch: SponsorPatch): Promise<Sponsor | null> {
      const row: Partial<SponsorRow> = {};
      if (patch.name !== undefined) row.name = patch.name;
      if (patch.tier !== undefined) row.tier = patch.tier;
      if (patch.imageUrl !== undefined) row.image_url = patch.imageUrl;
      if (patch.targetUrl !== undefined) row.target_url = patch.targetUrl;
      if (patch.notes !== undefined) row.notes = patch.notes;
      if (patch.active !== undefined) row.active = patch.active;
      return records.updateColumns(tenant, id, row);
    },

    remove: records.remove,
  };
}
