import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

export const IMAGE_CACHE = 'images-v1';

/**
 * Images in a bounded cache. In Low Data Mode the app renders no images, so none are
 * fetched at all; the bound keeps a phone's storage small.
 */
export function cacheImages(): void {
  registerRoute(
    ({ request }) => request.destination === 'image',
    new CacheFirst({
      cacheName: IMAGE_CACHE,
      plugins: [
        new CacheableResponsePlugin({ statuses: [0, 200] }),
        new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
      ],
    }),
  );
}
