import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SettingsResponse } from '../../domain/settings';
import { api } from './api-client';
import { currentTenant } from './tenant';

// Shared by nearly every screen (ads, links, stream, feature toggles), hence in lib/.
export const settingsKeys = {
  all: ['settings'] as const,
  tenant: (tenant: string) => ['settings', tenant] as const,
};

export const settingsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.tenant(currentTenant()),
    queryFn: ({ signal }) => api<SettingsResponse>('/api/settings', { signal }),
    staleTime: 5 * 60 * 1000,
  });

export const useSettings = () => useQuery(settingsQuery());
