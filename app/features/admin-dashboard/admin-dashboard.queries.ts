import { queryOptions } from '@tanstack/react-query';
import type { Artist } from '../../../domain/artists';
import type { Event } from '../../../domain/events';
import type { Prayer } from '../../../domain/prayers';
import type { Sponsor } from '../../../domain/sponsors';
import type { Track } from '../../../domain/tracks';
import { adminApi, adminKeyRoot } from '../../lib/admin-api';

// Under adminKeyRoot() (['admin', tenant, …]) so the offline persister leaves them out.
export const dashboardKeys = {
  all: () => [...adminKeyRoot(), 'dashboard'] as const,
  list: (resource: 'artists' | 'tracks' | 'prayers' | 'events' | 'sponsors') => [...dashboardKeys.all(), resource] as const,
};

// Admins want the figures of now: fetched on every visit, never served stale.
const fresh = { staleTime: 0, gcTime: 5 * 60 * 1000 } as const;

export const dashboardArtistsQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.list('artists'),
    queryFn: ({ signal }) => adminApi<Artist[]>('/api/artists', { signal }),
    ...fresh,
  });

export const dashboardTracksQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.list('tracks'),
    queryFn: ({ signal }) => adminApi<Track[]>('/api/tracks', { signal }),
    ...fresh,
  });

/** Caribbean only; both approved states (no `approved` filter). */
export const dashboardPrayersQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.list('prayers'),
    queryFn: ({ signal }) => adminApi<Prayer[]>('/api/prayers', { signal }),
    ...fresh,
  });

/** Watzhott only; an admin sees private events too. */
export const dashboardEventsQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.list('events'),
    queryFn: ({ signal }) => adminApi<Event[]>('/api/events', { signal }),
    ...fresh,
  });

export const dashboardSponsorsQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.list('sponsors'),
    queryFn: ({ signal }) => adminApi<Sponsor[]>('/api/sponsors', { signal }),
    ...fresh,
  });
