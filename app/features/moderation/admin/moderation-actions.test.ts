import { describe, expect, it } from 'vitest';
import { MODERATION_SUCCESS, canFeature, moderationPatch } from './moderation-actions';

describe('moderationPatch', () => {
  it('approves, features and rejects artists (docs/product.md#states-and-transitions)', () => {
    expect(moderationPatch('artists', 'approve')).toEqual({ approved: true });
    expect(moderationPatch('artists', 'feature')).toEqual({ approved: true, featured: true });
    expect(moderationPatch('artists', 'reject')).toEqual({ approved: false, featured: false });
  });
  it('moves tracks to approved or rejected with the featured flag', () => {
    expect(moderationPatch('tracks', 'approve')).toEqual({ status: 'approved', featured: false });
    expect(moderationPatch('tracks', 'feature')).toEqual({ status: 'approved', featured: true });
    expect(moderationPatch('tracks', 'reject')).toEqual({ status: 'rejected', featured: false });
  });
  it('sets approved on prayers and shoutouts', () => {
    expect(moderationPatch('prayers', 'approve')).toEqual({ approved: true });
    expect(moderationPatch('shoutouts', 'reject')).toEqual({ approved: false });
  });
  it('never features prayers or shoutouts', () => {
    expect(canFeature('prayers')).toBe(false);
    expect(canFeature('shoutouts')).toBe(false);
    expect(() => moderationPatch('prayers', 'feature')).toThrow();
  });
  it('uses the spec toasts word for word', () => {
    expect(Object.values(MODERATION_SUCCESS)).toEqual([
      'Artist moderated successfully',
      'Track moderated successfully',
      'Prayer moderated successfully',
      'Shoutout moderated successfully',
    ]);
  });
});
