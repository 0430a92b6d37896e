import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Ad, AdPatch, NewAd, ServedAd } from '../../domain/ads';
import type { AdSlot } from '../../domain/catalog';
import { ADMIN_FRESH, adminApi, adminKeyRoot } from '../lib/admin-api';
import { api } from '../lib/api-client';
import { currentTenant } from '../lib/tenant';

export const adsPaths = {
  list: '/api/ads',
  one: (id: string) => `/api/ads/${encodeURIComponent(id)}`,
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
export const adInventoryQuery = () =>
  queryOptions({
    queryKey: adKeys.admin(),
    queryFn: ({ signal }) => adminApi<Ad[]>(adsPaths.list, { signal }),
    ...ADMIN_FRESH,
  });

/**
 * An inventory change can change what the public slots serve as well as the list. The
 * slots on screen are only marked stale, not refetched now: each served answer counts an
 * impression, and the admin's own look at the page is not one. They follow on their next
 * mount or their minute's refetch.
 */
const invalidateAds = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: adKeys.admin() }),
    queryClient.invalidateQueries({ queryKey: adKeys.all, refetchType: 'none' }),
  ]);

export function useCreateAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ad: NewAd) => adminApi<Ad>(adsPaths.list, { method: 'POST', body: ad }),
    onSuccess: () => invalidateAds(queryClient),
  });
}

export function useUpdateAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: AdPatch }) => adminApi<Ad>(adsPaths.one(id), { method: 'PATCH', body: patch }),
    onSuccess: () => invalidateAds(queryClient),
  });
}

export function useDeleteAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminApi<void>(adsPaths.one(id), { method: 'DELETE' }),
    onSuccess: () => invalidateAds(queryClient),
  });
}
