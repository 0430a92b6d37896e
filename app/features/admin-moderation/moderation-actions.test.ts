import { describe, expect, it } from 'vitest';
import { MODERATION_SUCCESS, canFeature, moderationRequest } from './moderation-actions';

describe('moderationRequest', () => {
  it('approves, features and rejects artists (spec.md §4)', () => {
    expect(moderationRequest('artists', 'a1', 'approve')).toEqual({ path: '/api/artists/a1', body: { approved: true } });
    expect(moderationRequest('artists', 'a1', 'feature')).toEqual({ path: '/api/artists/a1', body: { approved: true, featured: true } });
    expect(moderationRequest('artists', 'a1', 'reject')).toEqual({ path: '/api/artists/a1', body: { approved: false, featured: false } });
  });
  it('moves tracks to approved or rejected with the featured flag', () => {
    expect(moderationRequest('tracks', 't1', 'approve').body).toEqual({ status: 'approved', featured: false });
    expect(moderationRequest('tracks', 't1', 'feature').body).toEqual({ status: 'approved', featured: true });
    expect(moderationRequest('tracks', 't1', 'reject').body).toEqual({ status: 'rejected', featured: false });
  });
  it('sets approved on prayers and shoutouts', () => {
    expect(moderationRequest('prayers', 'p1', 'approve')).toEqual({ path: '/api/prayers/p1', body: { approved: true } });
    expect(moderationRequest('shoutouts', 's1', 'reject')).toEqual({ path: '/api/shoutouts/s1', body: { approved: false } });
  });
  it('never features prayers or shoutouts', () => {
    expect(canFeature('prayers')).toBe(false);
    expect(canFeature('shoutouts')).toBe(false);
    expect(() => moderationRequest('prayers', 'p1', 'feature')).toThrow();
  });
  it('escapes ids in the path', () => {
    expect(moderationRequest('artists', 'a/b?c', 'approve').path).toBe('/api/artists/a%2Fb%3Fc');
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
