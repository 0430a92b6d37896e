import { uploadFile, type UploadProgress } from '../api/uploads';
import { getAdminKey } from './admin-key';
import { ApiError } from './api-client';

/** docs/api.md: images up to 5 MB. Checked here too, so a phone never sends a file that will be refused. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Why a picked file cannot be an image upload, or null when it can. */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return 'Please choose an image file (JPEG, PNG, WebP, GIF or AVIF).';
  if (file.size > IMAGE_MAX_BYTES) return 'Images must be 5 MB or smaller';
  return null;
}

/** An admin's image (event picture, sponsor logo, ad): through the one upload module (resumable) → its URL. */
export async function uploadAdminImage(file: File, onProgress?: (p: UploadProgress) => void): Promise<string> {
  const { url } = await uploadFile(file, { purpose: 'image', onProgress, adminKey: requireAdminKey() });
  return url;
}

/** Admin screens never send a request without the key (lib/admin-api.ts). */
export function requireAdminKey(): string {
  const key = getAdminKey();
  if (!key) throw new ApiError(401, 'Invalid admin key');
  return key;
}

/**
 * The change handler of an admin's image file input: checks the file, uploads it and hands
 * back its URL, or a message for beside the field. The input is cleared either way, so the
 * same file can be picked again.
 */
export function pickAdminImage(handlers: {
  onStart: () => void;
  onDone: () => void;
  onUploaded: (url: string) => void;
  onProblem: (message: string) => void;
  /** Bytes sent so far, and 'paused' while the connection is gone. */
  onProgress?: (p: UploadProgress) => void;
}) {
  return async (e: { currentTarget: HTMLInputElement }): Promise<void> => {
    const input = e.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      handlers.onProblem(problem);
      input.value = '';
      return;
    }
    handlers.onStart();
    try {
      handlers.onUploaded(await uploadAdminImage(file, handlers.onProgress));
    } catch (err) {
      handlers.onProblem(err instanceof Error ? err.message : 'Upload failed');
    } finally {
      handlers.onDone();
      input.value = '';
    }
  };
}
