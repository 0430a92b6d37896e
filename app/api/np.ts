import { onlineManager, queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { isNowPlaying, NP_PATHS, type NowPlaying } from '../../domain/now-playing';
import { apiResponse, apiUrl } from '../lib/api-client';
import { createNowPlayingStream, type NowPlayingStream, type Signal, type StreamStatus } from '../lib/now-playing-stream';
import { isActive, player } from '../lib/player/player';
import { currentTenant } from '../lib/tenant';

export const npPaths = {
  current: NP_PATHS.current,
  events: (lastId: string | null) => NP_PATHS.events + (lastId ? `?lastEventId=${encodeURIComponent(lastId)}` : ''),
} as const;

export const nowPlayingKeys = {
  tenant: (tenant: string) => ['np', tenant] as const,
};

export const NP_REFETCH_MS = 30_000;
export const NP_STALE_MS = 10_000;

/** Now playing matters while the page is in sight, or while the radio plays (the lock screen shows it). */
const seenOrHeard = (): boolean => typeof document === 'undefined' || document.visibilityState !== 'hidden' || isActive(player.state.status);

/** While the stream brings every change, the cached answer is current and nothing polls. */
const live = (status: StreamStatus): boolean => status === 'open' || status === 'connecting';

/**
 * docs/product.md#limits-and-constants's refetch 30 s, fresh 10 s is now the fallback: while GET /api/np/events is
 * open (or opening) the stream writes each new answer into this query and nothing polls.
 * Without a stream (no EventSource, or it keeps failing) it polls as the spec says, not
 * while the page is hidden and the radio idle; while it plays, polling goes on for the lock
 * screen. The browser revalidates with If-None-Match, so an unchanged song is a 304.
 */
export const nowPlayingQuery = (status: StreamStatus = appStream?.status() ?? 'off') =>
  queryOptions({
    queryKey: nowPlayingKeys.tenant(currentTenant()),
    queryFn: ({ signal }) => fetchNowPlaying(signal),
    staleTime: live(status) ? Infinity : NP_STALE_MS,
    refetchInterval: () => (live(status) || !seenOrHeard() ? false : NP_REFETCH_MS),
    refetchIntervalInBackground: true,
  });

/** GET /api/np; its ETag goes to the stream, which then skips resending the same answer. */
async function fetchNowPlaying(signal: AbortSignal): Promise<NowPlaying> {
  const { data, headers } = await apiResponse<NowPlaying>(npPaths.current, { signal });
  // Often before any screen has made the stream (the route loader asks first).
  setNowPlayingEtag(headers.get('ETag') ?? knownEtag);
  return data;
}

const onlineSignal: Signal = {
  get: () => onlineManager.isOnline(),
  subscribe: (listener) => onlineManager.subscribe(listener),
};

const wantedSignal: Signal = {
  get: seenOrHeard,
  subscribe(listener) {
    const stopPlayer = player.subscribe(listener);
    document.addEventListener('visibilitychange', listener);
    return () => {
      stopPlayer();
      document.removeEventListener('visibilitychange', listener);
    };
  },
};

/** The app's one stream, bound to the first query client that asks (the app has one). */
let appStream: NowPlayingStream | null = null;
let knownEtag: string | null = null;

/**
 * The ETag of the now-playing answer the app has, for a page the server rendered with it
 * (docs/server-render.md): the server's render reads it (after clearing it, as it renders one
 * page after another), the browser's app is given it with the page's data, and the stream
 * then starts from it, as it does after its own GET.
 */
export function nowPlayingEtag(): string | null {
  return knownEtag;
}

export function setNowPlayingEtag(etag: string | null): void {
  knownEtag = etag;
  appStream?.know(knownEtag);
}
let boundClient: QueryClient | null = null;

function streamFor(client: QueryClient): NowPlayingStream {
  if (appStream && boundClient === client) return appStream;
  boundClient = client;
  appStream = createNowPlayingStream<NowPlaying>({
    url: (lastId) => apiUrl(npPaths.events(lastId)),
    accept: isNowPlaying,
    onAnswer: (answer) => client.setQueryData(nowPlayingKeys.tenant(currentTenant()), answer),
    EventSource: typeof EventSource === 'undefined' ? undefined : EventSource,
    online: onlineSignal,
    wanted: wantedSignal,
  });
  appStream.know(knownEtag);
  return appStream;
}

/** Every screen that shows now playing: the bar, the radio page, the watch page. */
export function useNowPlaying() {
  const client = useQueryClient();
  const stream = streamFor(client);
  const status = useSyncExternalStore(stream.subscribe, stream.status, stream.status);
  const query = useQuery(nowPlayingQuery(status));
  // The stream opens once the first GET has settled, so it knows that answer's ETag and the
  // server does not send the same answer twice; from then on it stays with this screen.
  const [settled, setSettled] = useState(false);
  const idle = query.fetchStatus !== 'fetching';
  useEffect(() => {
    if (idle) setSettled(true);
  }, [idle]);
  useEffect(() => (settled ? stream.acquire() : undefined), [stream, settled]);
  return query;
}
