import { withDefaults, type SettingsInput, type SettingsResponse } from '../../domain/settings';
import type { Tenant } from '../../domain/tenants';
import type { Db } from './knex';
import { settingsRepository } from './settings.repository';

/** A tenant's settings as everyone reads them: what was stored, defaults filling the gaps. */
export async function loadSettings(db: Db, tenant: Tenant): Promise<SettingsResponse> {
  return withDefaults(tenant, await settingsRepository(db).find(tenant));
}

export async function saveSettings(db: Db, tenant: Tenant, settings: SettingsInput, now: number): Promise<SettingsResponse> {
  await settingsRepository(db).save(tenant, settings, now);
  return loadSettings(db, tenant);
}
