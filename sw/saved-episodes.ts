import { registerRoute } from 'workbox-routing';
import { createPartialResponse } from 'workbox-range-requests';
import { SAVED_EPISODES_CACHE } from '../domain/saved-episodes';

/**
 * Episodes saved for offline (docs/product.md "Saved for offline") are whole files the page put
 * in this cache under their own URL (app/lib/offline/episode-downloads.ts). The worker answers
 * any request for one from it, with no network at all: a player asks in byte ranges (206 from
 * the saved copy); a file that is not saved goes to the network untouched.
 */

export function answerSavedEpisodes(): void {
  registerRoute(
    // Pictures keep to the image cache's route (images.ts); audio and downloads come here.
    ({ url, request }) => request.method === 'GET' && request.destination !== 'image' && url.origin === self.location.origin && url.pathname.startsWith('/uploads/'),
    async ({ request, url }) => {
      const cache = await caches.open(SAVED_EPISODES_CACHE);
      // The player may add a reconnect marker (?reconnect=…): the saved file is the same.
      const saved = await cache.match(url.origin + url.pathname);
      if (!saved) return fetch(request);
      return request.headers.has('range') ? createPartialResponse(request, saved) : saved;
    },
  );
}
