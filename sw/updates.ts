import { clientsClaim } from 'workbox-core';

/**
 * A new worker waits until the listener agrees ('A new version is available' → Reload);
 * the app sends SKIP_WAITING only then, and never during playback.
 */
export function listenForUpdateConsent(scope: ServiceWorkerGlobalScope): void {
  // Once active (at first install, or after consent) the worker controls open pages at once,
  // so the very first visit is already cached for offline use.
  clientsClaim();
  scope.addEventListener('message', (event) => {
    if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void scope.skipWaiting();
  });
}
