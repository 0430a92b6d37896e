// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NowPlaying } from '../../../domain/now-playing';
import { NP_REFETCH_MS, nowPlayingQuery, useNowPlaying } from './api';

const answer = (title: string): NowPlaying => ({ nowPlaying: { title, artist: 'Kes', art: null }, history: [], listeners: null, show: null });

class FakeEventSource {
  static all: FakeEventSource[] = [];
  readyState = 0;
  onopen: ((ev: Event) => unknown) | null = null;
  onmessage: ((ev: MessageEvent<string>) => unknown) | null = null;
  onerror: ((ev: Event) => unknown) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  close() {
    this.readyState = 2;
  }
}

function Title() {
  const np = useNowPlaying();
  return <p data-testid="title">{np.data?.nowPlaying.title ?? 'Loading…'}</p>;
}

describe('useNowPlaying', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let title: string;

  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    FakeEventSource.all = [];
    title = 'Hello';
    fetchMock = vi.fn(async () => new Response(JSON.stringify(answer(title)), { status: 200, headers: { ETag: 'W/"get-etag"' } }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const mount = () =>
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })}>
        <Title />
      </QueryClientProvider>,
    );

  it('takes changes from the stream and does not poll while it is open', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    mount();
    expect(await screen.findByText('Hello')).toBeTruthy();
    await vi.waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
    const es = FakeEventSource.all[0]!;
    act(() => {
      es.readyState = 1;
      es.onopen?.(new Event('open'));
    });
    // Opened after GET /api/np, with that answer's ETag: the server will not send it again.
    expect(es.url).toBe('/api/np/events?lastEventId=W%2F%22get-etag%22');
    act(() => es.onmessage?.({ data: JSON.stringify(answer('Like Ah Boss')), lastEventId: 'W/"b"' } as MessageEvent<string>));
    expect(await screen.findByText('Like Ah Boss')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(3 * NP_REFETCH_MS));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('falls back to polling every 30 s without EventSource', async () => {
    vi.stubGlobal('EventSource', undefined);
    mount();
    expect(await screen.findByText('Hello')).toBeTruthy();
    title = 'Differentology';
    await act(() => vi.advanceTimersByTimeAsync(NP_REFETCH_MS + 10));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('Differentology')).toBeTruthy();
  });

  it('keeps docs/product.md#limits-and-constants timings for polling, and none while the stream is live', () => {
    const polling = nowPlayingQuery('polling');
    expect(polling.staleTime).toBe(10_000);
    expect(typeof polling.refetchInterval === 'function' && polling.refetchInterval({} as never)).toBe(NP_REFETCH_MS);
    for (const status of ['open', 'connecting'] as const) {
      const live = nowPlayingQuery(status);
      expect(live.staleTime).toBe(Infinity);
      expect(typeof live.refetchInterval === 'function' && live.refetchInterval({} as never)).toBe(false);
    }
  });
});
