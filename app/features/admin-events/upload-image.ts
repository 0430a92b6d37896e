import { adminApi } from '../../lib/admin-api';

/** api.md: images up to 5 MB. Checked here too, so a phone never sends a file that will be refused. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Why a picked file cannot be an event image, or null when it can. */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return 'Please choose an image file (JPEG, PNG, WebP, GIF or AVIF).';
  if (file.size > IMAGE_MAX_BYTES) return 'Images must be 5 MB or smaller';
  return null;
}

/** POST /api/uploads (multipart field 'file') → the stored image's URL. */
export async function uploadImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const { url } = await adminApi<{ url: string }>('/api/uploads', { method: 'POST', body, idempotencyKey: crypto.randomUUID() });
  return url;
}
