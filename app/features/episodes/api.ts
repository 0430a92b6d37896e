import type { QueryClient } from '@tanstack/react-query';
import type { Episode, EpisodePatch, NewEpisode } from '../../../domain/episodes';
import { adminDelete, adminPatch, adminQuery, adminSave, invalidateAdminAndPublic, publicQuery, resourcePaths, tenantResourceKeys, useAdminWrite } from '../../lib/resource-queries';
import { currentTenant } from '../../lib/tenant';

export const episodesPaths = {
  ...resourcePaths('/api/episodes'),
  /** A show's past episodes. */
  ofShow: (showId: string) => `/api/episodes?show_id=${encodeURIComponent(showId)}`,
  /** The newest few (the radio page's Listen Again section). */
  latest: (count: number) => `/api/episodes?limit=${count}`,
} as const;

/** The tenant's podcast feed (docs/api.md The feed), for the 'Podcast feed' link. */
export const podcastFeedUrl = () => (currentTenant() === 'caribbean' ? '/podcast.xml?tenant=caribbean' : '/podcast.xml');

export const episodesKeys = {
  ...tenantResourceKeys('episodes'),
  list: (tenant: string, showId: string | null) => ['episodes', tenant, 'list', showId ?? 'all'] as const,
  latest: (tenant: string, count: number) => ['episodes', tenant, 'latest', count] as const,
};

/** GET /api/episodes: published episodes, newest first; one show's when showId is given. */
export const episodesQuery = (showId: string | null = null) =>
  publicQuery<Episode[]>(episodesKeys.list(currentTenant(), showId), showId ? episodesPaths.ofShow(showId) : episodesPaths.list);

export const latestEpisodesQuery = (count: number) => publicQuery<Episode[]>(episodesKeys.latest(currentTenant(), count), episodesPaths.latest(count));

/** Every episode, drafts included, for /admin/episodes. */
export const adminEpisodesQuery = () => adminQuery<Episode[]>(episodesKeys.admin(), episodesPaths.list);

const invalidateEpisodes = (queryClient: QueryClient) => invalidateAdminAndPublic(queryClient, episodesKeys.admin(), episodesKeys.all);

/** POST /api/episodes (a new one from an upload) or PATCH /api/episodes/{id} (an edit). */
export const useSaveEpisode = () =>
  useAdminWrite(({ id, episode }: { id: string | null; episode: NewEpisode | EpisodePatch }) => adminSave<Episode>(episodesPaths, id, episode), invalidateEpisodes);

/** Publish or take back to draft. */
export const useSetEpisodeStatus = () =>
  useAdminWrite(({ id, status }: { id: string; status: Episode['status'] }) => adminPatch<Episode>(episodesPaths, id, { status }), invalidateEpisodes);

/** DELETE /api/episodes/{id}: its files go too. */
export const useRemoveEpisode = () => useAdminWrite((id: string) => adminDelete(episodesPaths, id), invalidateEpisodes);
