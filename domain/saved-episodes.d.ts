/**
 * The Cache Storage cache that holds episodes saved for offline, whole, under their own URL:
 * the page writes it (app/lib/offline/episode-downloads.ts), the service worker answers from
 * it (sw/saved-episodes.ts). A file of its own so the worker bundles nothing else.
 */
export declare const SAVED_EPISODES_CACHE = "saved-episodes-v1";
