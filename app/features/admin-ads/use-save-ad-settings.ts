import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdZones, SettingsResponse, TenantSettings } from '../../../domain/settings';
import type { AdMode } from '../../../domain/catalog';
import { adminApi } from '../../lib/admin-api';
import { settingsKeys } from '../../lib/settings.queries';
import { adSettingsQuery, adminAdsKeys } from './admin-ads.queries';

export interface AdSettingsEdits {
  adMode: AdMode;
  adZones: AdZones;
}

/** PUT /api/settings takes the whole object: the current settings with the ad fields laid over. */
export function adSettingsPayload(current: SettingsResponse, edits: AdSettingsEdits): TenantSettings {
  const { tenant: _tenant, ...settings } = current;
  return { ...settings, adMode: edits.adMode, adZones: { ...edits.adZones } };
}

/**
 * Current settings are read again just before saving, so what another admin (or the
 * settings page) changed meanwhile is kept rather than overwritten.
 */
export function useSaveAdSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (edits: AdSettingsEdits) => {
      const current = await queryClient.fetchQuery({ ...adSettingsQuery(), staleTime: 0 });
      return adminApi<SettingsResponse>('/api/settings', { method: 'PUT', body: adSettingsPayload(current, edits) });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(adminAdsKeys.settings(), saved);
      // The public ad slots read the public settings: make them follow at once (not awaited:
      // the save is done, and the admin should hear so without waiting on this refetch).
      void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    },
  });
}
