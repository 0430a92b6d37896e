import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Artist } from '../../../domain/artists';
import type { Track } from '../../../domain/tracks';
import { api } from '../../lib/api-client';

/**
 * The one key factory of the artists feature. Artists and tracks are shared by both
 * tenants (api.md), so no key carries the tenant. Everything hangs under 'artists', so
 * invalidating artistKeys.all refreshes every artist screen at once.
 */
export const artistKeys = {
  all: ['artists'] as const,
  approved: () => [...artistKeys.all, 'approved'] as const,
  detail: (id: string) => [...artistKeys.all, 'detail', id] as const,
  tracks: () => [...artistKeys.all, 'tracks'] as const,
  artistTracks: (artistId: string) => [...artistKeys.all, 'tracks', 'by-artist', artistId] as const,
};

/**
 * spec.md §9 makes cached data never stale by default; lists of artists and tracks get a
 * modest lifetime instead, because the query cache outlives the page (persisted offline)
 * and newly approved artists must show up eventually. The service worker answers these
 * reads from its cache when the network is gone, so an offline visit still has them.
 */
export const ARTIST_LISTS_STALE_MS = 5 * 60 * 1000;

/** GET /api/artists?approved=true: the one list the landing, directory and country page filter client-side. */
export const approvedArtistsQuery = () =>
  queryOptions({
    queryKey: artistKeys.approved(),
    queryFn: ({ signal }) => api<Artist[]>('/api/artists?approved=true', { signal }),
    staleTime: ARTIST_LISTS_STALE_MS,
  });

/** GET /api/tracks: visitors get approved tracks only; the directory's genre filter reads them. */
export const tracksQuery = () =>
  queryOptions({
    queryKey: artistKeys.tracks(),
    queryFn: ({ signal }) => api<Track[]>('/api/tracks', { signal }),
    staleTime: ARTIST_LISTS_STALE_MS,
  });

/**
 * GET /api/artists/{id}. When the approved list is already cached (the usual way here,
 * from a card), it seeds the detail, so a profile opens at once and offline.
 */
export const artistQuery = (id: string, queryClient: QueryClient) =>
  queryOptions({
    queryKey: artistKeys.detail(id),
    queryFn: ({ signal }) => api<Artist>(`/api/artists/${encodeURIComponent(id)}`, { signal }),
    staleTime: ARTIST_LISTS_STALE_MS,
    initialData: () => queryClient.getQueryData(approvedArtistsQuery().queryKey)?.find((a) => a.id === id),
    initialDataUpdatedAt: () => queryClient.getQueryState(artistKeys.approved())?.dataUpdatedAt,
  });

/** GET /api/tracks?artist_id={id}, seeded from the full track list when that is cached. */
export const artistTracksQuery = (artistId: string, queryClient: QueryClient) =>
  queryOptions({
    queryKey: artistKeys.artistTracks(artistId),
    queryFn: ({ signal }) => api<Track[]>(`/api/tracks?artist_id=${encodeURIComponent(artistId)}`, { signal }),
    staleTime: ARTIST_LISTS_STALE_MS,
    initialData: () => queryClient.getQueryData(tracksQuery().queryKey)?.filter((t) => t.artistId === artistId),
    initialDataUpdatedAt: () => queryClient.getQueryState(artistKeys.tracks())?.dataUpdatedAt,
  });
