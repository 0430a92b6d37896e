import type { TenantSettings } from '../../domain/settings';
import type { Tenant } from '../../domain/tenants';
import type { Db } from './knex';
import { nowIso } from './rows';

// Settings are read by several features (settings, now playing, shoutouts, ads, the
// manifest), so their table's repository lives here rather than inside one feature.

// A type, not an interface: the seed hands these rows on as plain records.
type SettingsRow = {
  tenant: string;
  /** The tenant's settings as JSON: new fields need no migration, defaults fill the gaps. */
  data: string;
  updated_at: string;
};

/** The row a tenant's stored settings become (the demo seed inserts through it too). */
export const toSettingsRow = (tenant: Tenant, settings: Partial<TenantSettings>, now: number): SettingsRow => ({
  tenant,
  data: JSON.stringify(settings),
  updated_at: nowIso(now),
});

/** What was stored, or null when nothing was or it cannot be read. */
const fromSettingsRow = (row: Pick<SettingsRow, 'data'>): Partial<TenantSettings> | null => {
  try {
    const parsed: unknown = JSON.parse(row.data);
    return parsed && typeof parsed === 'object' ? (parsed as Partial<TenantSettings>) : null;
  } catch {
    return null;
  }
};

export function settingsRepository(db: Db) {
  return {
    async find(tenant: Tenant): Promise<Partial<TenantSettings> | null> {
      const row = (await db('settings').where({ tenant }).first('data')) as Pick<SettingsRow, 'data'> | undefined;
      return row ? fromSettingsRow(row) : null;
    },

    /** Every tenant's stored settings in one read (the HTML answers' CSP needs all of them). */
    async findAll(): Promise<Partial<TenantSettings>[]> {
      const rows = (await db('settings').select('data')) as Pick<SettingsRow, 'data'>[];
      return rows.map(fromSettingsRow).filter((s): s is Partial<TenantSettings> => s !== null);
    },

    async save(tenant: Tenant, settings: Partial<TenantSettings>, now: number): Promise<void> {
      await db('settings').insert(toSettingsRow(tenant, settings, now)).onConflict('tenant').merge(['data', 'updated_at']);
    },
  };
}
