export const MODERATED_KINDS = ['artists', 'tracks', 'prayers', 'shoutouts'] as const;
export type ModeratedKind = (typeof MODERATED_KINDS)[number];
export type ModerationAction = 'approve' | 'feature' | 'reject';

/** docs/product.md#messages, word for word. */
export const MODERATION_SUCCESS: Record<ModeratedKind, string> = {
  artists: 'Artist moderated successfully',
  tracks: 'Track moderated successfully',
  prayers: 'Prayer moderated successfully',
  shoutouts: 'Shoutout moderated successfully',
};

export const MODERATION_FAILED_TITLE = 'Moderation Failed';
export const MODERATED_FAILED_DESCRIPTION = 'The change was not saved. Please try again.';

/** Featuring exists for artists and tracks only (docs/product.md#screens). */
export const canFeature = (kind: ModeratedKind): boolean => kind === 'artists' || kind === 'tracks';

/** The PATCH bodies of one row action, per kind. */
export interface ModerationPatches {
  artists: { approved?: boolean; featured?: boolean };
  tracks: { status: 'approved' | 'rejected'; featured: boolean };
  prayers: { approved: boolean };
  shoutouts: { approved: boolean };
}

/**
 * The PATCH body of docs/product.md#states-and-transitions, docs/api.md#routes for one row action (sent to the row's resource,
 * app/features/<noun>/api.ts). Reject clears 'featured' too, so a rejected artist or track can
 * never stay in a featured section.
 */
export function moderationPatch<K extends ModeratedKind>(kind: K, action: ModerationAction): ModerationPatches[K];
export function moderationPatch(kind: ModeratedKind, action: ModerationAction): ModerationPatches[ModeratedKind] {
  if (action === 'feature' && !canFeature(kind)) throw new Error(`${kind} cannot be featured`);
  switch (kind) {
    case 'artists':
      return action === 'reject' ? { approved: false, featured: false } : action === 'feature' ? { approved: true, featured: true } : { approved: true };
    case 'tracks':
      return { status: action === 'reject' ? 'rejected' : 'approved', featured: action === 'feature' };
    case 'prayers':
    case 'shoutouts':
      return { approved: action !== 'reject' };
  }
}
