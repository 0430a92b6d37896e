import { useMutation } from '@tanstack/react-query';
import { adminApi } from '../../lib/admin-api';

// The ad inventory's writes are in app/api/ads.ts; the upload call stays here until the
// uploads module (app/api/uploads.ts) takes it over.

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
