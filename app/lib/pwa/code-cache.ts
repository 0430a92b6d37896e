/**
 * The app's entry and the framework chunk it imports, evaluated once in a module worker as soon
 * as the service worker has first taken the page, so the next visit's start does not make V8's
 * code cache for them.
 *
 * A first visit runs the app's scripts from the network; the next one from the service worker's
 * cache, and Chromium then serialises V8's code for each module into that cache in a task on the
 * page's main thread, soon after the app's start: 130 ms for the framework chunk (338 KB) at
 * CPU ×8, and 47-54 ms for the entry at ×12, while a listener's tap at first paint waited for
 * them (docs/performance.md, "Time to first sound"). Loaded once in a worker from the worker's
 * cache, on the first visit, that work happens on the worker's thread, and the next visit's page
 * compiles them on the streaming thread as on a first visit, with no such task. The framework is
 * React, React DOM, TanStack Router and Query: its modules only define things when evaluated.
 * The entry's own evaluation starts the app only where there is a document (app/main.tsx), so in
 * a worker it only defines things too. The worker has nothing to say when it is done, so it is
 * ended after a while.
 */
const WORKER_LIFETIME_MS = 15_000;

export function warmCodeCache(doc: Pick<Document, 'querySelector'> = document, makeWorker: (url: string) => Pick<Worker, 'terminate'> = (url) => new Worker(url, { type: 'module' })): void {
  // The entry: the shell's module script, or the one a rendered page's start script added
  // (docs/server-render.md); by now the app has started, so either is in the page.
  const entry = doc.querySelector<HTMLScriptElement>('script[type=module][src]')?.src;
  if (!entry) return;
  try {
    const worker = makeWorker(entry);
    setTimeout(() => worker.terminate(), WORKER_LIFETIME_MS);
  } catch {
    // No module workers (an old browser): the next visit makes the cache itself, as before.
  }
}
