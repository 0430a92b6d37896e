import type { Ad, AdPatch, NewAd, ServedAd } from '../../../domain/ads';
import type { AdSlot } from '../../../domain/catalog';
import type { CountryCode } from '../../../domain/countries';
import type { Tenant } from '../../../domain/tenants';
import type { Db } from '../../db/knex';
import { bool, jsonArray, newId, nowIso, num } from '../../db/rows';
import { tenantRecords } from '../../db/tenant-rows';

// A type, not an interface: the seed hands these rows on as plain records.
type AdRow = {
  id: string;
  tenant: string;
  image_url: string;
  target_url: string;
  alt: string;
  slots: string;
  countries: string;
  active: unknown;
  impressions: number | string;
  clicks: number | string;
  created_at: string;
};

const toAd = (r: AdRow): Ad => ({
  id: r.id,
  imageUrl: r.image_url,
  targetUrl: r.target_url,
  alt: r.alt,
  slots: jsonArray(r.slots) as Ad['slots'],
  countries: jsonArray(r.countries) as Ad['countries'],
  active: bool(r.active),
  impressions: num(r.impressions),
  clicks: num(r.clicks),
  createdAt: r.created_at,
});

const toRow = (input: NewAd) => ({
  image_url: input.imageUrl,
  target_url: input.targetUrl,
  alt: input.alt,
  slots: JSON.stringify(input.slots),
  countries: JSON.stringify(input.countries),
  active: input.active,
});

/** The row a new ad becomes (the demo seed inserts through it too). */
export const toAdRow = (tenant: Tenant, input: NewAd, now: number): AdRow => ({
  id: newId(),
  tenant,
  impressions: 0,
  clicks: 0,
  created_at: nowIso(now),
  ...toRow(input),
});

export function adsRepository(db: Db) {
  const records = tenantRecords(db, 'ads', { toItem: toAd, toNewRow: toAdRow });
  return {
    async list(tenant: Tenant): Promise<Ad[]> {
      return (await db<AdRow>('ads').where({ tenant }).orderBy('created_at', 'desc').orderBy('id')).map(toAd);
    },

    find: records.find,
    create: records.create,
    remove: records.remove,

    async update(tenant: Tenant, id: string, patch: AdPatch): Promise<Ad | null> {
      const current = await records.find(tenant, id);
      if (!current) return null;
      return records.updateColumns(tenant, id, toRow({ ...current, ...stripUndefined(patch) }));
    },

    /**
     * Active ads for the slot whose countries are empty or hold the country, with the
     * impressions counted so far: the counting service picks the one shown least, so ads
     * take turns.
     */
    async candidates(tenant: Tenant, slot: AdSlot, country: CountryCode | null): Promise<(ServedAd & { impressions: number })[]> {
      const q = db<AdRow>('ads').where({ tenant, active: true }).andWhere('slots', 'like', `%"${slot}"%`);
      q.andWhere((w) => {
        w.where('countries', '[]');
        if (country) w.orWhere('countries', 'like', `%"${country}"%`);
      });
      const rows = await q.orderBy('impressions', 'asc').orderBy('id').limit(50);
      return rows.map((row) => ({ id: row.id, imageUrl: row.image_url, targetUrl: row.target_url, alt: row.alt, impressions: num(row.impressions) }));
    },

    /** Where /out/:id sends the visitor, whether the ad is active and whose it is. Ad ids are unique across tenants. */
    async target(id: string): Promise<{ targetUrl: string; active: boolean; tenant: string } | null> {
      const row = await db<AdRow>('ads').where({ id }).first('target_url', 'active', 'tenant');
      return row ? { targetUrl: row.target_url, active: bool(row.active), tenant: row.tenant } : null;
    },

    /** Adds counted impressions and clicks in one atomic UPDATE. */
    async addCounts(id: string, impressions: number, clicks: number): Promise<void> {
      await db('ads')
        .where({ id })
        .update({ impressions: db.raw('impressions + ?', [impressions]), clicks: db.raw('clicks + ?', [clicks]) });
    },
  };
}

function stripUndefined<T extends object>(obj: T): Partial<T> {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) as Partial<T>;
}
