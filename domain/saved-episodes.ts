/**
 * The Cache Storage cache that holds episodes saved for offline, whole, under their own URL
 * (docs/product.md "Saved for offline"): the page writes it (app/lib/offline/episode-downloads.ts),
 * the service worker answers from it (sw/saved-episodes.ts). A file of its own, with no imports,
 * so the worker bundles nothing else.
 */
export const SAVED_EPISODES_CACHE = 'saved-episodes-v1';
