import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NowPlaying } from '../../domain/now-playing';
import { api } from './api-client';
import { currentTenant } from './tenant';

export const nowPlayingKeys = {
  tenant: (tenant: string) => ['np', tenant] as const,
};

/** spec.md §9: refetched every 30 s, fresh for 10 s. */
export const nowPlayingQuery = () =>
  queryOptions({
    queryKey: nowPlayingKeys.tenant(currentTenant()),
    queryFn: ({ signal }) => api<NowPlaying>('/api/np', { signal }),
    staleTime: 10_000,
    refetchInterval: 30_000,
  });

export const useNowPlaying = () => useQuery(nowPlayingQuery());
