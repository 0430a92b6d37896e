/**
 * The hidden frame in which a first visit runs the app's modules once more, for Chromium's code
 * cache (app/lib/pwa/code-cache-warm-up.ts): its document carries this attribute, and the
 * entry and the player start nothing there. Apart from the frame's code, which only a first
 * visit fetches, so the first screen's bytes carry only this check.
 */
export const WARM_UP_ATTRIBUTE = 'data-code-cache-warm-up';

/** true in the warm-up frame's document: modules are evaluated there, and nothing started. */
export function isCodeCacheWarmUp(): boolean {
  return typeof document !== 'undefined' && document.documentElement.hasAttribute(WARM_UP_ATTRIBUTE);
}
