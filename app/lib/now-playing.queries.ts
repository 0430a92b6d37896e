import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NowPlaying } from '../../domain/now-playing';
import { api } from './api-client';
import { isActive, player } from './player/player';
import { currentTenant } from './tenant';

export const nowPlayingKeys = {
  tenant: (tenant: string) => ['np', tenant] as const,
};

export const NP_REFETCH_MS = 30_000;

/**
 * spec.md §9: refetched every 30 s, fresh for 10 s. Not polled while the page is hidden
 * and the radio idle; while it plays, polling goes on for the lock screen. The browser
 * revalidates with If-None-Match (the server sends an ETag), so an unchanged song is a 304.
 */
export const nowPlayingQuery = () =>
  queryOptions({
    queryKey: nowPlayingKeys.tenant(currentTenant()),
    queryFn: ({ signal }) => api<NowPlaying>('/api/np', { signal }),
    staleTime: 10_000,
    refetchInterval: () =>
      typeof document !== 'undefined' && document.visibilityState === 'hidden' && !isActive(player.state.status) ? false : NP_REFETCH_MS,
    refetchIntervalInBackground: true,
  });

export const useNowPlaying = () => useQuery(nowPlayingQuery());
