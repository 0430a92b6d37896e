import type { MutationOptions, QueryClient } from '@tanstack/react-query';
import type { Shoutout } from '../../../domain/shoutouts';
import { adminKeyRoot } from '../../lib/admin-api';
import { ApiError, api } from '../../lib/api-client';
import { outboxMutationOptions, type OutboxVariables } from '../../lib/offline/outbox';
import { adminPatch, moderatedPaths } from '../../lib/resource-queries';
import { uploadFile, type UploadProgress } from '../../lib/uploads';

export const shoutoutsPaths = moderatedPaths('/api/shoutouts');

// The app reads shoutouts only as an admin (moderation): every read key sits under
// adminKeyRoot() so the offline persister leaves them out. A visitor only sends one, through
// the outbox (send: a mutation key, persisted while it waits for the connection).
export const shoutoutKeys = {
  admin: () => [...adminKeyRoot(), 'shoutouts'] as const,
  send: ['shoutouts', 'send'] as const,
};

/** PATCH /api/shoutouts/{id} by an admin (approve or reject). */
export const moderateShoutout = (id: string, patch: { approved: boolean }) => adminPatch<Shoutout>(shoutoutsPaths, id, patch);

export const invalidateShoutouts = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: shoutoutKeys.admin() });

/** What a queued shoutout carries: its audio waits in IndexedDB under blobKey (JSON cannot hold it). */
export interface ShoutoutDraft {
  blobKey: string;
  filename: string;
  nameOptional?: string;
}

export const SHOUTOUT_SENT = 'Your shoutout was sent for review.';

const progressListeners = new Map<string, (p: UploadProgress) => void>();
/** The form listens to its own shoutout's upload while it is on screen. */
export function watchShoutoutUpload(blobKey: string, listener: (p: UploadProgress) => void): () => void {
  progressListeners.set(blobKey, listener);
  return () => progressListeners.delete(blobKey);
}

/** Keeps the recording until it is delivered: closing the app or losing the connection loses nothing. */
export async function keepShoutoutAudio(blobKey: string, audio: Blob): Promise<void> {
  const { outboxBlobs } = await import('../../lib/offline/offline-storage');
  await outboxBlobs.put(blobKey, audio);
}

/**
 * The audio through the resumable upload (purpose shoutout), then POST /api/shoutouts with
 * its URL. The Idempotency-Key makes a resend after a lost answer store it once.
 */
async function sendShoutout(draft: ShoutoutDraft, idempotencyKey: string): Promise<Shoutout> {
  const { outboxBlobs } = await import('../../lib/offline/offline-storage');
  const audio = await outboxBlobs.get(draft.blobKey);
  // 410: final, not retried — the recording is gone (storage cleared), so nothing can be sent.
  if (!audio) throw new ApiError(410, 'The recording is no longer on this device. Please record it again.');
  const { url } = await uploadFile(audio, { purpose: 'shoutout', filename: draft.filename, onProgress: (p) => progressListeners.get(draft.blobKey)?.(p) });
  const body = draft.nameOptional ? { audioUrl: url, nameOptional: draft.nameOptional } : { audioUrl: url };
  const shoutout = await api<Shoutout>(shoutoutsPaths.list, { method: 'POST', body, idempotencyKey });
  await outboxBlobs.remove(draft.blobKey);
  return shoutout;
}

/**
 * Through the outbox, like prayers: offline the shoutout waits and is delivered once when the
 * connection returns. No invalidation: it waits for moderation, nothing public changes.
 */
export function sendShoutoutOptions(): MutationOptions<Shoutout, Error, OutboxVariables<ShoutoutDraft>> {
  return outboxMutationOptions(shoutoutKeys.send, sendShoutout, 'shoutout', { title: 'Shoutout Sent', description: SHOUTOUT_SENT });
}

/** Queued shoutouts are restored without their function: this gives it back (main.tsx, before the restore). */
export function registerShoutoutsOutbox(queryClient: QueryClient): void {
  queryClient.setMutationDefaults(shoutoutKeys.send, sendShoutoutOptions());
}
