import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import type { KeptPages } from './kept-pages';

/** Server-only paths: never answered with the shell. */
export const NOT_APP_PATHS = [/^\/api\//, /^\/out\//, /^\/uploads\//, /^\/embed\//, /^\/manifest\.webmanifest$/, /^\/podcast\.xml$/, /^\/podcast-artwork\.png$/];

/**
 * Every route of the app opens offline and without the network: a page kept from an earlier
 * visit (sw/kept-pages.ts), which works at first sight, or else the precached index.html.
 */
export function answerNavigations(kept: KeptPages): void {
  const shell = createHandlerBoundToURL('/index.html');
  registerRoute(new NavigationRoute(async (options) => (await kept.match(options.request).catch(() => null)) ?? shell(options), { denylist: NOT_APP_PATHS }));
}
