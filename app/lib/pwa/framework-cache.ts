/**
 * The framework chunk, evaluated once in a module worker as soon as the service worker has first
 * taken the page, so the next visit's start does not make V8's code cache for it.
 *
 * A first visit runs the app's scripts from the network; the next one from the service worker's
 * cache, and Chromium then serialises V8's code for the framework chunk (338 KB) into that cache
 * in one task on the page's main thread, soon after the app's start: 130 ms at CPU ×8, while a
 * listener's tap at first paint waited for it (docs/performance.md, "Time to first sound").
 * Loaded once in a worker from the worker's cache, on the first visit, that work happens on the
 * worker's thread, and the next visit's page compiles the chunk on the streaming thread as on a
 * first visit, with no such task. The framework is React, React DOM, TanStack Router and Query:
 * its modules only define things when evaluated, which a worker can do (React DOM's own module
 * runs only when the app imports it). The worker has nothing to say when it is done, so it is
 * ended after a while.
 */
export const FRAMEWORK_CHUNK = /\/assets\/framework-[\w-]+\.js$/;
const WORKER_LIFETIME_MS = 15_000;

export function warmFrameworkCache(doc: Pick<Document, 'querySelectorAll'> = document, makeWorker: (url: string) => Pick<Worker, 'terminate'> = (url) => new Worker(url, { type: 'module' })): void {
  // The chunk is named in the page's head, as index.html preloads it (vite.config.ts's group).
  const href = [...doc.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((l) => l.href).find((h) => FRAMEWORK_CHUNK.test(new URL(h).pathname));
  if (!href) return;
  try {
    const worker = makeWorker(href);
    setTimeout(() => worker.terminate(), WORKER_LIFETIME_MS);
  } catch {
    // No module workers (an old browser): the next visit makes the cache itself, as before.
  }
}
