// @vitest-environment happy-dom
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetchEachTest } from '../../test/mock-fetch';
import { tenantQueues } from '../../../domain/moderation';
import { moderationQueueQuery, prefetchQueues } from './api';

const fetchMock = mockFetchEachTest({ admin: true });
const asked = () => fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);

afterEach(() => window.history.replaceState(null, '', '/'));

describe('prefetchQueues (the moderation page loader)', () => {
  it("asks for each of the tenant's queues once, prayers on caribbean only", async () => {
    expect(tenantQueues('watzhott')).toEqual(['artists', 'tracks', 'shoutouts']);
    window.history.replaceState(null, '', '/admin/moderation?tenant=caribbean');
    fetchMock.mockImplementation(async () => jsonResponse([]));
    await prefetchQueues(new QueryClient());
    expect(asked().sort()).toEqual(['/api/artists', '/api/prayers', '/api/shoutouts', '/api/tracks']);
  });

  it('leaves the page that mounts right after it its answer, without asking again', async () => {
    window.history.replaceState(null, '', '/admin/moderation');
    fetchMock.mockImplementation(async () => jsonResponse([{ id: 'a1' }]));
    const client = new QueryClient();
    await prefetchQueues(client);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    // What useInfiniteQuery does as the page mounts.
    const observer = new InfiniteQueryObserver(client, moderationQueueQuery('artists'));
    const stop = observer.subscribe(() => {});
    expect(observer.getCurrentResult().data?.pages[0]?.rows).toEqual([{ id: 'a1' }]);
    expect(observer.getCurrentResult().isFetching).toBe(false);
    stop();
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
