import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ad, AdPatch, NewAd } from '../../../domain/ads';
import { adminApi } from '../../lib/admin-api';
import { adminAdsKeys } from './admin-ads.queries';

// The inventory's writes (api.md POST/PATCH/DELETE /api/ads); each refreshes the list.

export function useCreateAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ad: NewAd) => adminApi<Ad>('/api/ads', { method: 'POST', body: ad }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminAdsKeys.inventory() }),
  });
}

export function useUpdateAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: AdPatch }) =>
      adminApi<Ad>(`/api/ads/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminAdsKeys.inventory() }),
  });
}

export function useDeleteAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminApi<void>(`/api/ads/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminAdsKeys.inventory() }),
  });
}

/**
 * POST /api/uploads (multipart field `file`) → { url }. The Idempotency-Key is made when
 * the admin picks the file, so a retried upload on a flaky line stores one copy.
 */
export function useUploadImage() {
  return useMutation({
    mutationFn: ({ file, idempotencyKey }: { file: File; idempotencyKey: string }) => {
      const body = new FormData();
      body.append('file', file);
      return adminApi<{ url: string }>('/api/uploads', { method: 'POST', body, idempotencyKey });
    },
  });
}
