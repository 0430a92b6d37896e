import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettingsResponse, TenantSettings } from '../../../domain/settings';
import { adminApi } from '../../lib/admin-api';
import { api } from '../../lib/api-client';
import { adminQuery, publicQuery, tenantResourceKeys } from '../../lib/resource-queries';
import { currentTenant } from '../../lib/tenant';

export const settingsPaths = {
  settings: '/api/settings',
} as const;

/**
 * GET /api/settings, read by nearly every screen (ads, links, stream, feature toggles) and
 * by every admin page. The admin copy sits under adminKeyRoot() so the offline persister
 * leaves it out.
 */
export const settingsKeys = tenantResourceKeys('settings');

export const settingsQuery = () => publicQuery<SettingsResponse>(settingsKeys.tenant(currentTenant()), settingsPaths.settings, { staleTime: 5 * 60 * 1000 });

export const useSettings = () => useQuery(settingsQuery());

/** The full settings as an admin sees them (the ad mode and zones, the time zone shows and events are typed in). */
export const adminSettingsQuery = () => adminQuery<SettingsResponse>(settingsKeys.admin(), settingsPaths.settings);

/**
 * The admin gate's key check: a read with the candidate key, before it is kept anywhere.
 * Any non-success answer means the key is not accepted.
 */
export const checkAdminKey = (candidate: string) => api<SettingsResponse>(settingsPaths.settings, { adminKey: candidate });

/**
 * PUT /api/settings takes the whole object. `payload` lays a page's edits over the current
 * settings, which are read again just before saving, so what another admin (or another
 * settings page) changed meanwhile is kept rather than overwritten with what this page loaded.
 */
export function useSaveSettings<E>(payload: (current: SettingsResponse, edits: E) => TenantSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (edits: E) => {
      const current = await queryClient.fetchQuery({ ...adminSettingsQuery(), staleTime: 0 });
      return adminApi<SettingsResponse>(settingsPaths.settings, { method: 'PUT', body: payload(current, edits) });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.admin(), saved);
      // The public site reads the same settings: make it follow at once. Not awaited: the
      // save is done, and the admin should hear so without waiting on this refetch.
      void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    },
  });
}
