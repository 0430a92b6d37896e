import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Artist, ArtistModeration } from '../../../domain/artists';
import { adminKeyRoot } from '../../lib/admin-api';
import { api } from '../../lib/api-client';
import { adminApprovalListQuery, adminPatch, invalidateAdminAndPublic, moderatedPaths, postNew, publicQuery, type ApprovalFilter } from '../../lib/resource-queries';

export const artistsPaths = moderatedPaths('/api/artists');

/** An admin read: every artist, or only those with `approved` as given. */
export type ArtistFilter = ApprovalFilter;

/**
 * Artists are shared by both tenants, so no public key carries the tenant; everything a
 * visitor reads hangs under 'artists', so invalidating artistKeys.all refreshes every
 * artist screen at once. Admin lists sit under adminKeyRoot() so the offline persister
 * leaves them out.
 */
export const artistKeys = {
  all: ['artists'] as const,
  approved: () => [...artistKeys.all, 'approved'] as const,
  detail: (id: string) => [...artistKeys.all, 'detail', id] as const,
  admin: () => [...adminKeyRoot(), 'artists'] as const,
  adminList: (filter: ArtistFilter) => [...artistKeys.admin(), filter] as const,
};

/**
 * Cached data is never stale by default (query-client.ts); lists of artists and tracks get
 * a modest lifetime instead, because the query cache outlives the page (persisted offline)
 * and newly approved artists must show up eventually. The service worker answers these
 * reads from its cache when the network is gone, so an offline visit still has them.
 */
export const ARTIST_LISTS_STALE_MS = 5 * 60 * 1000;

/** GET /api/artists?approved=true: the one list the landing, directory and country page filter client-side. */
export const approvedArtistsQuery = () => publicQuery<Artist[]>(artistKeys.approved(), artistsPaths.approved(true), { staleTime: ARTIST_LISTS_STALE_MS });

/**
 * GET /api/artists/{id}. When the approved list is already cached (the usual way here,
 * from a card), it seeds the detail, so a profile opens at once and offline.
 */
export const artistQuery = (id: string, queryClient: QueryClient) =>
  queryOptions({
    queryKey: artistKeys.detail(id),
    queryFn: ({ signal }) => api<Artist>(artistsPaths.one(id), { signal }),
    staleTime: ARTIST_LISTS_STALE_MS,
    initialData: () => queryClient.getQueryData(approvedArtistsQuery().queryKey)?.find((a) => a.id === id),
    initialDataUpdatedAt: () => queryClient.getQueryState(artistKeys.approved())?.dataUpdatedAt,
  });

/** GET /api/artists as an admin: every artist, or those approved or not. */
export const adminArtistsQuery = (filter: ArtistFilter = {}) => adminApprovalListQuery<Artist[]>(artistKeys.adminList(filter), artistsPaths, filter);

/**
 * POST /api/artists: a visitor's submission (the server checks it against NewArtistSchema).
 * No invalidation: a new artist waits for review, so no public list changes yet.
 */
export const createArtist = postNew<Artist>(artistsPaths.list);

/** PATCH /api/artists/{id} by an admin (approve, feature, reject). */
export const moderateArtist = (id: string, patch: ArtistModeration) => adminPatch<Artist>(artistsPaths, id, patch);

/** After an admin write: every visitor's artist screen and every admin list of artists. */
export const invalidateArtists = (queryClient: QueryClient) => invalidateAdminAndPublic(queryClient, artistKeys.admin(), artistKeys.all);
