export const MODERATED_KINDS = ['artists', 'tracks', 'prayers', 'shoutouts'] as const;
export type ModeratedKind = (typeof MODERATED_KINDS)[number];
export type ModerationAction = 'approve' | 'feature' | 'reject';

export interface ModerationRequest {
  path: string;
  body: Record<string, boolean | string>;
}

/** spec.md §8, word for word. */
export const MODERATION_SUCCESS: Record<ModeratedKind, string> = {
  artists: 'Artist moderated successfully',
  tracks: 'Track moderated successfully',
  prayers: 'Prayer moderated successfully',
  shoutouts: 'Shoutout moderated successfully',
};

export const MODERATION_FAILED_TITLE = 'Moderation Failed';
export const MODERATED_FAILED_DESCRIPTION = 'The change was not saved. Please try again.';

/** Featuring exists for artists and tracks only (spec.md §2). */
export const canFeature = (kind: ModeratedKind): boolean => kind === 'artists' || kind === 'tracks';

/**
 * The PATCH of spec.md §4/§7 for one row action. Reject clears 'featured' too, so a rejected
 * artist or track can never stay in a featured section.
 */
export function moderationRequest(kind: ModeratedKind, id: string, action: ModerationAction): ModerationRequest {
  if (action === 'feature' && !canFeature(kind)) throw new Error(`${kind} cannot be featured`);
  const path = `/api/${kind}/${encodeURIComponent(id)}`;
  switch (kind) {
    case 'artists':
      return {
        path,
        body: action === 'reject' ? { approved: false, featured: false } : action === 'feature' ? { approved: true, featured: true } : { approved: true },
      };
    case 'tracks':
      return {
        path,
        body: { status: action === 'reject' ? 'rejected' : 'approved', featured: action === 'feature' },
      };
    case 'prayers':
    case 'shoutouts':
      return { path, body: { approved: action !== 'reject' } };
  }
}
