import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { NP_PATHS } from '../domain/now-playing';

export const API_CACHE = 'api-reads-v1';

/** Public reads a listener needs offline: schedule, artists, tracks, settings, the last now playing, prayers, sponsors, events, episodes (Listen Again). */
const CACHED_READS = /^\/api\/(shows|artists|tracks|settings|np|prayers|sponsors|events|episodes)(\/|$)/;

/**
 * Never cached: admin answers (anything sent with the key, or answered `no-store`: a passkey
 * session's cookie is not visible here, but the server marks every admin answer so), writes, ads (each answer counts
 * an impression), uploads, the audio stream (not under /api at all) and the now-playing event
 * stream: a response that never ends must reach the page straight from the network, so the
 * worker does not touch it at all (no respondWith).
 */
export function isCacheableRead(url: URL, request: Request, origin: string): boolean {
  return (
    request.method === 'GET' &&
    url.origin === origin &&
    CACHED_READS.test(url.pathname) &&
    !isEventStream(url, request) &&
    !request.headers.has('x-admin-key')
  );
}

export const isEventStream = (url: URL, request: Request): boolean =>
  url.pathname === NP_PATHS.events || (request.headers.get('Accept') ?? '').includes('text/event-stream');

export function cacheApiReads(): void {
  registerRoute(
    ({ url, request }) => isCacheableRead(url, request, self.location.origin),
    // Network first, but a slow or dead network falls back to the last answer in 3 s.
    new NetworkFirst({
      cacheName: API_CACHE,
      networkTimeoutSeconds: 3,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        { cacheWillUpdate: async ({ response }) => (/\bno-store\b/i.test(response.headers.get('Cache-Control') ?? '') ? null : response) },
        new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60 }),
      ],
    }),
  );
}
