import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Ad, AdPatch, NewAd, ServedAd } from '../../../domain/ads';
import type { AdSlot } from '../../../domain/catalog';
import { adminApi, adminKeyRoot } from '../../lib/admin-api';
import { api } from '../../lib/api-client';
import { adminDelete, adminPatch, adminQuery, invalidateAdminAndPublic, resourcePaths, useAdminWrite } from '../../lib/resource-queries';
import { currentTenant } from '../../lib/tenant';

export const adsPaths = {
  ...resourcePaths('/api/ads'),
  serve: (slot: AdSlot, country: string) => `/api/ads/serve?slot=${slot}&country=${country}`,
} as const;

// Served ads stay under 'ads', which the offline persister never stores (each answer counts
// an impression); the inventory sits under adminKeyRoot(), never persisted either.
export const adKeys = {
  all: ['ads'] as const,
  served: (tenant: string, slot: AdSlot, country: string) => ['ads', tenant, slot, country] as const,
  admin: () => [...adminKeyRoot(), 'ads'] as const,
};

/** GET /api/ads/serve: the ad for a slot and the visitor's country, or nothing (204), refetched every minute. */
export const servedAdQuery = (slot: AdSlot, country: string) =>
  queryOptions({
    queryKey: adKeys.served(currentTenant(), slot, country),
    queryFn: ({ signal }) => api<ServedAd | undefined>(adsPaths.serve(slot, country), { signal }).then((ad) => ad ?? null),
    refetchInterval: 60_000,
    staleTime: 60_000,
  });

/** Every ad of the tenant with its impression and click counts (admin). */
export const adInventoryQuery = () => adminQuery<Ad[]>(adKeys.admin(), adsPaths.list);

/**
 * An inventory change can change what the public slots serve as well as the list. The
 * slots on screen are only marked stale, not refetched now: each served answer counts an
 * impression, and the admin's own look at the page is not one. They follow on their next
 * mount or their minute's refetch.
 */
const invalidateAds = (queryClient: QueryClient) => invalidateAdminAndPublic(queryClient, adKeys.admin(), adKeys.all, 'none');

export const useCreateAd = () => useAdminWrite((ad: NewAd) => adminApi<Ad>(adsPaths.list, { method: 'POST', body: ad }), invalidateAds);

export const useUpdateAd = () =>
  useAdminWrite(({ id, patch }: { id: string; patch: AdPatch }) => adminPatch<Ad>(adsPaths, id, patch), invalidateAds);

export const useDeleteAd = () => useAdminWrite((id: string) => adminDelete(adsPaths, id), invalidateAds);
