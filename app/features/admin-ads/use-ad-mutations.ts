import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ad, AdPatch, NewAd } from '../../../domain/ads';
import { uploadFile, type UploadProgress } from '../../api/uploads';
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

/** An ad image through the one upload module (resumable; pauses and resumes on a flaky line) → { url }. */
export function useUploadImage() {
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (p: UploadProgress) => void }) => uploadFile(file, { purpose: 'image', onProgress }),
  });
}
