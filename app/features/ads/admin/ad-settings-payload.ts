import type { AdZones, SettingsResponse, TenantSettings } from '../../../../domain/settings';
import type { AdMode } from '../../../../domain/catalog';

export interface AdSettingsEdits {
  adMode: AdMode;
  adZones: AdZones;
}

/** PUT /api/settings takes the whole object: the current settings with the ad fields laid over. */
export function adSettingsPayload(current: SettingsResponse, edits: AdSettingsEdits): TenantSettings {
  const { tenant: _tenant, ...settings } = current;
  return { ...settings, adMode: edits.adMode, adZones: { ...edits.adZones } };
}
