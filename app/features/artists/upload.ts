import { isErrorBody } from '../../../domain/http-error';
import { ApiError, apiUrl } from '../../lib/api-client';

/** The request never reached an answer (offline, dropped connection, aborted). */
export class NetworkError extends Error {
  constructor(message = 'Network request failed') {
    super(message);
    this.name = 'NetworkError';
  }
}

export interface UploadOptions {
  idempotencyKey: string;
  /** 0..1 of the bytes sent so far. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/uploads (multipart field 'file') → the stored file's URL.
 * XMLHttpRequest rather than fetch: fetch reports no upload progress, and a 20 MB song
 * on prepaid mobile data needs a real progress bar. Errors read like lib/api-client's.
 */
export function uploadFile(file: File, { idempotencyKey, onProgress, signal }: UploadOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('/api/uploads'));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Idempotency-Key', idempotencyKey);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(Math.min(1, e.loaded / e.total));
    };
    xhr.onload = () => {
      const text = xhr.responseText;
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          const body = JSON.parse(text) as { url?: unknown };
          if (typeof body.url === 'string') return resolve(body.url);
        } catch {
          // fall through
        }
        return reject(new ApiError(xhr.status, 'The upload answer could not be read'));
      }
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: spec.md §8's "status: text"
      }
      if (isErrorBody(parsed)) reject(new ApiError(xhr.status, parsed.error, parsed.issues));
      else reject(new ApiError(xhr.status, `${xhr.status}: ${text || xhr.statusText}`));
    };
    xhr.onerror = () => reject(new NetworkError());
    xhr.ontimeout = () => reject(new NetworkError('The upload timed out'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (signal) {
      if (signal.aborted) return reject(new DOMException('The upload was cancelled', 'AbortError'));
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
