import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';

type PrecacheEntry = string | { url: string; revision: string | null };

/** The app shell (HTML, JS, CSS, icons) from the build's manifest; old revisions are dropped. */
export function precacheShell(entries: PrecacheEntry[]): void {
  cleanupOutdatedCaches();
  precacheAndRoute(entries);
}
