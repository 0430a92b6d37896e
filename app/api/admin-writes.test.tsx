// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../domain/settings';
import { jsonResponse, mockFetchEachTest } from '../test/mock-fetch';
import { adKeys, servedAdQuery, useCreateAd } from './ads';
import { adminArtistsQuery, approvedArtistsQuery, invalidateArtists } from './artists';
import { eventsQuery, useSaveEvent } from './events';
import { adminPrayersQuery, approvedPrayersQuery, invalidatePrayers } from './prayers';
import { adminSettingsQuery, settingsQuery, useSaveSettings } from './settings';
import { adminShowsQuery, showsQuery, useRemoveShow, useSaveShow } from './shows';
import { activeSponsorsQuery, adminSponsorsQuery, useDeleteSponsor, useUpdateSponsor } from './sponsors';
import { adminTracksQuery, invalidateTracks, tracksQuery } from './tracks';

// An admin write must refresh what visitors see (docs/architecture.md: one key factory per
// resource), and the admin lists of every page that shows the resource (moderation and the
// dashboard read the same keys). fetch is the boundary; e2e/admin-*.spec.ts run the server.
const fetchMock = mockFetchEachTest({ admin: true });

let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
const invalidated = (queryKey: readonly unknown[]) => client.getQueryState(queryKey)?.isInvalidated;
/** Cached as if a page had read it earlier; no observer, so an invalidation only marks it. */
const seed = (queryKey: readonly unknown[]) => client.setQueryData(queryKey, []);
/** Seeds each key, runs the write, and answers, key by key, whether the write marked it stale. */
async function markedStaleBy(write: () => Promise<unknown>, keys: (readonly unknown[])[]): Promise<(boolean | undefined)[]> {
  keys.forEach(seed);
  await write();
  return keys.map(invalidated);
}

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  fetchMock.mockImplementation(async () => jsonResponse({ id: 'x1' }));
});

describe('admin writes refresh the public queries they change', () => {
  it('a saved or removed show refreshes the public schedule and the editor', async () => {
    const save = renderHook(() => useSaveShow(), { wrapper }).result.current;
    const show = { title: 'Morning', host: 'Ria', day: 1, start: '06:00', end: '09:00', description: '', imageUrl: null } as never;
    expect(await markedStaleBy(() => save.mutateAsync({ id: 's1', show }), [showsQuery().queryKey, adminShowsQuery().queryKey])).toEqual([true, true]);
    const remove = renderHook(() => useRemoveShow(), { wrapper }).result.current;
    expect(await markedStaleBy(() => remove.mutateAsync('s1'), [showsQuery().queryKey])).toEqual([true]);
  });

  it('a sponsor update or deletion refreshes the public sponsors page and the dashboard', async () => {
    const update = renderHook(() => useUpdateSponsor(), { wrapper }).result.current;
    const updated = () => update.mutateAsync({ id: 'sp1', patch: { active: true } });
    expect(await markedStaleBy(updated, [activeSponsorsQuery().queryKey, adminSponsorsQuery().queryKey])).toEqual([true, true]);
    const remove = renderHook(() => useDeleteSponsor(), { wrapper }).result.current;
    expect(await markedStaleBy(() => remove.mutateAsync('sp1'), [activeSponsorsQuery().queryKey])).toEqual([true]);
  });

  it('an ad change marks the served ads stale without asking for one (each answer counts an impression)', async () => {
    seed(servedAdQuery('leaderboard', 'JM').queryKey);
    const create = renderHook(() => useCreateAd(), { wrapper }).result.current;
    await create.mutateAsync({} as never);
    expect(invalidated(adKeys.served('watzhott', 'leaderboard', 'JM'))).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('saved settings refresh the public settings and keep the saved answer for the admin pages', async () => {
    const saved = { ...defaultSettings('watzhott'), tenant: 'watzhott', displayName: 'Saved' };
    fetchMock.mockImplementation(async () => jsonResponse(saved));
    seed(settingsQuery().queryKey);
    const save = renderHook(() => useSaveSettings((current, edits: { displayName: string }) => ({ ...current, ...edits })), { wrapper }).result.current;
    await save.mutateAsync({ displayName: 'Saved' });
    expect(invalidated(settingsQuery().queryKey)).toBe(true);
    expect(client.getQueryData(adminSettingsQuery().queryKey)).toEqual(saved);
  });

  it('a saved event refreshes the public events list', async () => {
    const save = renderHook(() => useSaveEvent(), { wrapper }).result.current;
    expect(await markedStaleBy(() => save.mutateAsync({ id: null, event: {} as never }), [eventsQuery().queryKey])).toEqual([true]);
  });

  it('moderation refreshes the public artist, track and prayer lists and the dashboard that shares its keys', async () => {
    const artistKeys = [approvedArtistsQuery().queryKey, adminArtistsQuery().queryKey, adminArtistsQuery({ approved: false }).queryKey];
    expect(await markedStaleBy(() => invalidateArtists(client), artistKeys)).toEqual([true, true, true]);
    expect(await markedStaleBy(() => invalidateTracks(client), [tracksQuery().queryKey, adminTracksQuery().queryKey])).toEqual([true, true]);
    expect(await markedStaleBy(() => invalidatePrayers(client), [approvedPrayersQuery().queryKey, adminPrayersQuery().queryKey])).toEqual([true, true]);
  });

  it('admin keys stay under the root the offline persister leaves out', () => {
    for (const key of [adminShowsQuery().queryKey, adminSponsorsQuery().queryKey, adminSettingsQuery().queryKey, adminArtistsQuery().queryKey, adminTracksQuery().queryKey]) {
      expect(key[0]).toBe('admin');
    }
  });
});
