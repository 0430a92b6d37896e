import { queryOptions } from '@tanstack/react-query';
import type { SettingsResponse } from '../../../domain/settings';
import { adminApi, adminKeyRoot } from '../../lib/admin-api';

// Under adminKeyRoot() (['admin', tenant, …]) so the offline persister leaves it out.
export const adminSettingsKeys = {
  all: () => [...adminKeyRoot(), 'settings'] as const,
};

/** The full settings as an admin sees them; fetched fresh on every visit. */
export const adminSettingsQuery = () =>
  queryOptions({
    queryKey: adminSettingsKeys.all(),
    queryFn: ({ signal }) => adminApi<SettingsResponse>('/api/settings', { signal }),
    staleTime: 0,
    gcTime: 5 * 60 * 1000,
  });
