import { queryOptions } from '@tanstack/react-query';
import type { Ad } from '../../../domain/ads';
import type { SettingsResponse } from '../../../domain/settings';
import { adminApi, adminKeyRoot } from '../../lib/admin-api';

// Under adminKeyRoot() (['admin', tenant, …]) so the offline persister leaves them out.
export const adminAdsKeys = {
  all: () => [...adminKeyRoot(), 'ads'] as const,
  settings: () => [...adminAdsKeys.all(), 'settings'] as const,
  inventory: () => [...adminAdsKeys.all(), 'inventory'] as const,
};

// Admins want what is live now: fetched on every visit.
const fresh = { staleTime: 0, gcTime: 5 * 60 * 1000 } as const;

/** The tenant's full settings: the ad mode and zones live there. */
export const adSettingsQuery = () =>
  queryOptions({
    queryKey: adminAdsKeys.settings(),
    queryFn: ({ signal }) => adminApi<SettingsResponse>('/api/settings', { signal }),
    ...fresh,
  });

/** Every ad of the tenant with its impression and click counts (api.md GET /api/ads). */
export const adInventoryQuery = () =>
  queryOptions({
    queryKey: adminAdsKeys.inventory(),
    queryFn: ({ signal }) => adminApi<Ad[]>('/api/ads', { signal }),
    ...fresh,
  });
