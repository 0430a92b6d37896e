import { ADMIN_SESSION_HEADER } from '../../domain/admin-session';
import { ApiError, apiErrorOf, apiUrl } from './api-client';

/**
 * Every upload in the app goes through uploadFile (docs/uploads.md): tus 1.0 resumable uploads
 * to /api/uploads/resumable, so a phone that loses its connection resumes from the byte the
 * server already holds instead of starting over. tus-js-client is imported on first use, so it
 * loads only on pages that upload.
 */

export type UploadPurpose = 'track' | 'shoutout' | 'image' | 'episode';

export type UploadProgress = { sent: number; total: number; state: 'uploading' | 'paused' | 'done' | 'error' };

export const RESUMABLE_UPLOADS_PATH = '/api/uploads/resumable';

/**
 * The server ties each upload to its creator (docs/uploads.md "Ownership"): the creation's
 * answer carries a token that every later call of that upload must send. It is kept beside
 * the upload's URL, which tus-js-client keeps in localStorage, so a resume after a reload
 * (findPreviousUploads) still has it; it goes when the upload ends.
 */
export const UPLOAD_TOKEN_HEADER = 'Upload-Token';
const TOKEN_KEY_PREFIX = 'upload-token:';
const tokensInMemory = new Map<string, string>();
const tokenKey = (uploadUrl: string) => TOKEN_KEY_PREFIX + new URL(uploadUrl, location.href).pathname;

export const uploadTokens = {
  get(uploadUrl: string): string | null {
    const key = tokenKey(uploadUrl);
    try {
      return localStorage.getItem(key) ?? tokensInMemory.get(key) ?? null;
    } catch {
      return tokensInMemory.get(key) ?? null;
    }
  },
  set(uploadUrl: string, token: string): void {
    const key = tokenKey(uploadUrl);
    tokensInMemory.set(key, token);
    try {
      localStorage.setItem(key, token);
    } catch {
      // Storage full or refused (private mode): this page can still finish the upload.
    }
  },
  remove(uploadUrl: string): void {
    const key = tokenKey(uploadUrl);
    tokensInMemory.delete(key);
    try {
      localStorage.removeItem(key);
    } catch {
      // As above.
    }
  },
};

/** Waits before trying again while the browser believes it is online (a dead zone often looks online). */
const RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 15000];

export interface UploadOptions {
  purpose: UploadPurpose;
  filename?: string;
  onProgress?: (p: UploadProgress) => void;
  signal?: AbortSignal;
  /** Sent as x-admin-key on every request of the upload (admin screens: their uploads are admin calls). */
  adminKey?: string;
  /** Without a key: act as the signed-in admin (x-admin-session, docs/api.md "Admins who are people"). */
  adminSession?: boolean;
}

/**
 * Uploads one file and answers its stored URL (`/uploads/<name>`). A dropped connection pauses
 * (state 'paused') and resumes by itself when it returns; it never gives up on a network fault.
 * A refusal by the server (type, size, bitrate, quota) rejects with an ApiError carrying the
 * server's message. Aborting the signal rejects with an AbortError and discards the partial upload.
 */
export async function uploadFile(file: Blob, opts: UploadOptions): Promise<{ url: string }> {
  const { purpose, onProgress, signal } = opts;
  if (signal?.aborted) throw abortError();
  const filename = opts.filename ?? (file instanceof File ? file.name : `${purpose}`);
  const { Upload } = await import('tus-js-client');
  const fingerprint = await fingerprintOf(file, filename, purpose);
  if (signal?.aborted) throw abortError();

  return new Promise<{ url: string }>((resolve, reject) => {
    let settled = false;
    let failures = 0;
    let wake: (() => void) | null = null;
    let sent = 0;
    const total = file.size;
    const report = (state: UploadProgress['state']) => onProgress?.({ sent, total, state });

    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      window.removeEventListener('online', onOnline);
      signal?.removeEventListener('abort', onAbort);
      fn();
    };

    const upload = new Upload(file, {
      endpoint: apiUrl(RESUMABLE_UPLOADS_PATH),
      metadata: { filename, filetype: file.type || 'application/octet-stream', purpose },
      fingerprint: async () => fingerprint,
      headers: opts.adminKey ? { 'x-admin-key': opts.adminKey } : opts.adminSession ? { [ADMIN_SESSION_HEADER]: '1' } : {},
      onBeforeRequest(req) {
        if (req.getMethod() === 'POST') return;
        const token = uploadTokens.get(req.getURL());
        if (token) req.setHeader(UPLOAD_TOKEN_HEADER, token);
      },
      onAfterResponse(req, res) {
        const token = res.getHeader(UPLOAD_TOKEN_HEADER);
        const created = res.getHeader('Location');
        // Location is root-relative (as the endpoint may be): the store resolves it against the page.
        if (req.getMethod() === 'POST' && res.getStatus() === 201 && token && created) uploadTokens.set(created, token);
      },
      // Retries are ours (below): tus-js-client's own would give up after its list ran out.
      retryDelays: null,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress(bytesSent) {
        sent = bytesSent;
        failures = 0;
        report('uploading');
      },
      onSuccess(payload) {
        const url = payload.lastResponse.getHeader('Upload-Url');
        if (upload.url) uploadTokens.remove(upload.url);
        sent = total;
        if (!url) {
          report('error');
          finish(() => reject(new ApiError(500, 'The upload answer could not be read')));
          return;
        }
        report('done');
        finish(() => resolve({ url }));
      },
      onError(err) {
        if (settled) return;
        const res = 'originalResponse' in err ? err.originalResponse : null;
        const status = res?.getStatus() ?? 0;
        if (isTransient(status)) {
          // No answer (offline, cut connection, stalled) or a passing server fault: wait for
          // the connection, then start() again, which asks the server for its offset first.
          report('paused');
          const delay = RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)]!;
          failures += 1;
          const timer = navigator.onLine ? setTimeout(() => wake?.(), delay) : null;
          wake = () => {
            wake = null;
            if (timer) clearTimeout(timer);
            if (!settled) upload.start();
          };
          return;
        }
        report('error');
        // Refused for good: its token opens nothing worth keeping.
        if (upload.url) uploadTokens.remove(upload.url);
        finish(() => reject(apiErrorOf({ status, statusText: '' }, res?.getBody() ?? '')));
      },
    });

    const onOnline = () => wake?.();
    const onAbort = () => {
      finish(() => reject(abortError()));
      // Terminate: the server deletes the partial bytes at once rather than after expiry.
      const uploadUrl = upload.url;
      upload
        .abort(true)
        .catch(() => {})
        .finally(() => {
          if (uploadUrl) uploadTokens.remove(uploadUrl);
        });
    };
    window.addEventListener('online', onOnline);
    signal?.addEventListener('abort', onAbort, { once: true });

    report('uploading');
    upload
      .findPreviousUploads()
      .then((previous) => {
        // The same file picked again (after a reload, say) resumes where the server left off.
        const last = previous.sort((a, b) => Date.parse(b.creationTime) - Date.parse(a.creationTime))[0];
        if (last) upload.resumeFromPreviousUpload(last);
      })
      .catch(() => {})
      .finally(() => {
        if (!settled) upload.start();
      });
  });
}

/** Worth waiting and trying again: no answer at all, a lock or offset race, or a 5xx. */
export function isTransient(status: number): boolean {
  return status === 0 || status === 409 || status === 423 || status === 408 || status >= 500;
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError');
}

/**
 * What identifies "the same upload" for resuming. A picked File: its name, size, type and
 * modification time. A recorded Blob has none of these, so its bytes are hashed: two
 * recordings of equal length must never resume each other.
 */
async function fingerprintOf(file: Blob, filename: string, purpose: UploadPurpose): Promise<string> {
  if (file instanceof File) return ['upload', purpose, file.name, file.type, file.size, file.lastModified].join('|');
  try {
    const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
    const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
    return ['upload', purpose, filename, file.type, file.size, hex].join('|');
  } catch {
    // No SubtleCrypto (plain-http host): never resume a Blob rather than risk the wrong one.
    return ['upload', purpose, filename, file.size, Math.random()].join('|');
  }
}

/** '4.2 MB', '812 KB' — for progress lines. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

export const PAUSED_MESSAGE = 'Paused — waiting for connection';
