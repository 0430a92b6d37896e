import { queryOptions } from '@tanstack/react-query';
import type { Artist } from '../../../domain/artists';
import type { Event } from '../../../domain/events';
import type { Prayer } from '../../../domain/prayers';
import type { Shoutout } from '../../../domain/shoutouts';
import { tenantHasEvents, tenantHasPrayers } from '../../../domain/tenants';
import type { Track } from '../../../domain/tracks';
import { adminApi, adminKeyRoot } from '../../lib/admin-api';
import { currentTenant } from '../../lib/tenant';
import { awaitingReview, pendingTracks } from './moderation-format';

export type ModerationList = 'artists' | 'tracks' | 'prayers' | 'shoutouts' | 'events';

// Under adminKeyRoot() (['admin', tenant, …]) so the offline persister leaves them out.
export const moderationKeys = {
  all: () => [...adminKeyRoot(), 'moderation'] as const,
  list: (list: ModerationList) => [...moderationKeys.all(), list] as const,
};

// A moderation queue is only useful as it is now: fetched on every visit.
const fresh = { staleTime: 0, gcTime: 5 * 60 * 1000 } as const;

export const pendingArtistsQuery = () =>
  queryOptions({
    queryKey: moderationKeys.list('artists'),
    queryFn: async ({ signal }) => awaitingReview(await adminApi<Artist[]>('/api/artists?approved=false', { signal })),
    ...fresh,
  });

/** GET /api/tracks (admin: every status), kept to the pending ones (spec.md §7). */
export const pendingTracksQuery = () =>
  queryOptions({
    queryKey: moderationKeys.list('tracks'),
    queryFn: async ({ signal }) => pendingTracks(await adminApi<Track[]>('/api/tracks', { signal })),
    ...fresh,
  });

/** Caribbean only: elsewhere /api/prayers* answers 404, so it is never asked. */
export const pendingPrayersQuery = () =>
  queryOptions({
    queryKey: moderationKeys.list('prayers'),
    queryFn: async ({ signal }) => awaitingReview(await adminApi<Prayer[]>('/api/prayers?approved=false', { signal })),
    enabled: tenantHasPrayers(currentTenant()),
    ...fresh,
  });

export const pendingShoutoutsQuery = () =>
  queryOptions({
    queryKey: moderationKeys.list('shoutouts'),
    queryFn: async ({ signal }) => awaitingReview(await adminApi<Shoutout[]>('/api/shoutouts?approved=false', { signal })),
    ...fresh,
  });

/** Watzhott only; the admin sees private events too. */
export const moderationEventsQuery = () =>
  queryOptions({
    queryKey: moderationKeys.list('events'),
    queryFn: ({ signal }) => adminApi<Event[]>('/api/events', { signal }),
    enabled: tenantHasEvents(currentTenant()),
    ...fresh,
  });
