import { useMutation } from '@tanstack/react-query';
import { uploadFile, type UploadProgress } from '../../../lib/uploads';
import { adminUploadAccess } from '../../../lib/admin-upload';

// The ad inventory's writes are in ../api.ts; the ad image goes through the upload
// module (app/lib/uploads.ts).

/** An ad image through the one upload module (resumable; pauses and resumes on a flaky line) → { url }. */
export function useUploadImage() {
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (p: UploadProgress) => void }) => uploadFile(file, { purpose: 'image', onProgress, ...adminUploadAccess() }),
  });
}
