import { addRoute, cleanupOutdatedCaches, precache } from 'workbox-precaching';

type PrecacheEntry = string | { url: string; revision: string | null };

/** The app shell (HTML, JS, CSS, icons) from the build's manifest; old revisions are dropped. */
export function precacheShell(entries: PrecacheEntry[]): void {
  cleanupOutdatedCaches();
  precache(entries);
}

/**
 * Requests for the shell's files are answered from the precache. Registered after the
 * navigations' route (sw/navigation.ts): this one answers `/` with index.html, which would
 * shadow a page kept for `/`.
 */
export function answerFromPrecache(): void {
  addRoute();
}
