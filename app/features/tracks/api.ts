import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Track, TrackModeration } from '../../../domain/tracks';
import { adminKeyRoot } from '../../lib/admin-api';
import { api } from '../../lib/api-client';
import { adminPatch, adminQuery, invalidateAdminAndPublic, postNew, publicQuery } from '../../lib/resource-queries';

export const tracksPaths = {
  list: '/api/tracks',
  byArtist: (artistId: string) => `/api/tracks?artist_id=${encodeURIComponent(artistId)}`,
  one: (id: string) => `/api/tracks/${encodeURIComponent(id)}`,
} as const;

/**
 * Tracks are shared by both tenants, so no public key carries the tenant. Visitors get
 * approved tracks only, an admin every status: the admin list sits under adminKeyRoot()
 * so the offline persister leaves it out.
 */
export const trackKeys = {
  all: ['tracks'] as const,
  list: () => [...trackKeys.all, 'list'] as const,
  byArtist: (artistId: string) => [...trackKeys.all, 'by-artist', artistId] as const,
  admin: () => [...adminKeyRoot(), 'tracks'] as const,
};

/** As the artists lists (features/artists/api.ts ARTIST_LISTS_STALE_MS): the cache outlives the page. */
export const TRACK_LISTS_STALE_MS = 5 * 60 * 1000;

/** GET /api/tracks: visitors get approved tracks only; the directory's genre filter reads them. */
export const tracksQuery = () => publicQuery<Track[]>(trackKeys.list(), tracksPaths.list, { staleTime: TRACK_LISTS_STALE_MS });

/** GET /api/tracks?artist_id={id}, seeded from the full track list when that is cached. */
export const artistTracksQuery = (artistId: string, queryClient: QueryClient) =>
  queryOptions({
    queryKey: trackKeys.byArtist(artistId),
    queryFn: ({ signal }) => api<Track[]>(tracksPaths.byArtist(artistId), { signal }),
    staleTime: TRACK_LISTS_STALE_MS,
    initialData: () => queryClient.getQueryData(tracksQuery().queryKey)?.filter((t) => t.artistId === artistId),
    initialDataUpdatedAt: () => queryClient.getQueryState(trackKeys.list())?.dataUpdatedAt,
  });

/** GET /api/tracks as an admin: every status. */
export const adminTracksQuery = () => adminQuery<Track[]>(trackKeys.admin(), tracksPaths.list);

/**
 * POST /api/tracks: a visitor's submission (the server checks it against NewTrackSchema).
 * No invalidation: a new track waits for review, so no public list changes yet.
 */
export const createTrack = postNew<Track>(tracksPaths.list);

/** PATCH /api/tracks/{id} by an admin (approve, feature, reject). */
export const moderateTrack = (id: string, patch: TrackModeration) => adminPatch<Track>(tracksPaths, id, patch);

/** After an admin write: every visitor's track list and the admin list. */
export const invalidateTracks = (queryClient: QueryClient) => invalidateAdminAndPublic(queryClient, trackKeys.admin(), trackKeys.all);
