import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/** Server-only paths: never answered with the shell. */
export const NOT_APP_PATHS = [/^\/api\//, /^\/out\//, /^\/uploads\//, /^\/embed\//, /^\/manifest\.webmanifest$/, /^\/podcast\.xml$/, /^\/podcast-artwork\.png$/];

/** Every route of the app opens offline: navigations get the precached index.html. */
export function fallBackToShell(): void {
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NOT_APP_PATHS }));
}
