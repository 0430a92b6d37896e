// V8's explicit compile hint (docs/performance.md, "Functions compiled off the main thread").
// A chunk whose first line is this comment has every function compiled eagerly on the thread
// that streams the script in, instead of each function being parsed and compiled on the main
// thread the first time it is called. A page's start calls most of React DOM, the router,
// Query and its own route's code, so that work moves off the thread a listener's taps wait on.

/** The magic comment, a file-wide hint (Chromium 126 and later; other engines ignore it). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Libraries loaded for one action, not to start a page: most of their functions never run,
 * and compiling them all would only cost the phone time and memory. hls.js plays /watch's
 * video, tus-js-client uploads, Dexie is the offline storage's fallback on the page (its
 * worker is built apart), workbox-window registers the service worker once the page settles.
 */
const ON_DEMAND = /[\\/]node_modules[\\/](hls\.js|tus-js-client|dexie|workbox-window)[\\/]/;

/** The hint for a chunk of the browser's build (written by vite.config.ts's compileHints step), or nothing. */
export function compileHintFor(chunk) {
  return chunk.moduleIds.some((id) => ON_DEMAND.test(id)) ? '' : COMPILE_HINT;
}
