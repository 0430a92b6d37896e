import { withDefaults, type SettingsInput, type SettingsResponse, type TenantSettings } from '../../domain/settings';
import type { Tenant } from '../../domain/tenants';
import type { Db } from './knex';
import { nowIso } from './rows';

// Settings are read by several features (settings, now playing, shoutouts, the manifest),
// so their storage lives here rather than inside one feature.

export async function loadSettings(db: Db, tenant: Tenant): Promise<SettingsResponse> {
  const row = (await db('settings').where({ tenant }).first()) as { data: string } | undefined;
  let stored: Partial<TenantSettings> | null = null;
  if (row) {
    try {
      stored = JSON.parse(row.data) as Partial<TenantSettings>;
    } catch {
      stored = null;
    }
  }
  return withDefaults(tenant, stored);
}

export async function saveSettings(db: Db, tenant: Tenant, settings: SettingsInput, now: number): Promise<SettingsResponse> {
  await db('settings')
    .insert({ tenant, data: JSON.stringify(settings), updated_at: nowIso(now) })
    .onConflict('tenant')
    .merge(['data', 'updated_at']);
  return loadSettings(db, tenant);
}
