import { megabytes, UPLOAD_MAX_BYTES } from '../../domain/uploads';
import { uploadFile, type UploadProgress } from '../api/uploads';
import { getSignedIn } from './admin-access';
import { getAdminKey } from './admin-key';
import { ApiError } from './api-client';

/** Why a picked file cannot be an image upload, or null when it can. */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return 'Please choose an image file (JPEG, PNG, WebP, GIF or AVIF).';
  // Checked here too (docs/api.md), so a phone never sends a file that will be refused.
  if (file.size > UPLOAD_MAX_BYTES.image) return `Images must be ${megabytes(UPLOAD_MAX_BYTES.image)} MB or smaller`;
  return null;
}

/** An admin's image (event picture, sponsor logo, ad): through the one upload module (resumable) → its URL. */
export async function uploadAdminImage(file: File, onProgress?: (p: UploadProgress) => void): Promise<string> {
  const { url } = await uploadFile(file, { purpose: 'image', onProgress, ...adminUploadAccess() });
  return url;
}

/**
 * Admin screens never send a request without the key or a session (lib/admin-api.ts): the
 * key when there is one, else undefined and the session's cookie goes with the upload.
 */
export function requireAdminKey(): string | undefined {
  const key = getAdminKey();
  if (!key && !getSignedIn()) throw new ApiError(401, 'Invalid admin key');
  return key ?? undefined;
}

/** The key, or the signed-in person's session, for an admin's upload. */
export function adminUploadAccess(): { adminKey?: string; adminSession?: boolean } {
  const adminKey = requireAdminKey();
  return adminKey ? { adminKey } : { adminSession: true };
}
