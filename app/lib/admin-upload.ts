import { adminApi } from './admin-api';

/** api.md: images up to 5 MB. Checked here too, so a phone never sends a file that will be refused. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Why a picked file cannot be an image upload, or null when it can. */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return 'Please choose an image file (JPEG, PNG, WebP, GIF or AVIF).';
  if (file.size > IMAGE_MAX_BYTES) return 'Images must be 5 MB or smaller';
  return null;
}

/** An admin's image (event picture, sponsor logo): POST /api/uploads, field 'file' → its URL. */
export async function uploadAdminImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const { url } = await adminApi<{ url: string }>('/api/uploads', { method: 'POST', body, idempotencyKey: crypto.randomUUID() });
  return url;
}
