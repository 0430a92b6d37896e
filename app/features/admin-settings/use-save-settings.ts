import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingsResponse, TenantSettings } from '../../../domain/settings';
import { adminApi } from '../../lib/admin-api';
import { settingsKeys } from '../../lib/settings.queries';
import { adminSettingsKeys, adminSettingsQuery } from './admin-settings.queries';
import { settingsPayload } from './settings-fields';

/**
 * PUT /api/settings with the current settings merged with the edits. "Current" is read
 * again just before saving, so settings changed meanwhile elsewhere (the ads page, another
 * admin) are kept rather than overwritten with what this page loaded.
 */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (edits: Partial<TenantSettings>) => {
      const current = await queryClient.fetchQuery({ ...adminSettingsQuery(), staleTime: 0 });
      return adminApi<SettingsResponse>('/api/settings', { method: 'PUT', body: settingsPayload(current, edits) });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(adminSettingsKeys.all(), saved);
      // The public site reads the same settings: make it follow at once. Not awaited: the
      // save is done, and the admin should hear so without waiting on this refetch.
      void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    },
  });
}
