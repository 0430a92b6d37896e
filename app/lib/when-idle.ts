/** When the main thread is idle (2 s at most), or half a second later where there is no such notion. */
export function whenIdle(run: () => void): void {
  idleTask(run);
}

/** As whenIdle; answers a function that cancels the run if it has not begun. */
export function idleTask(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => run(), { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(run, 500);
  return () => clearTimeout(timer);
}

/** Once the page has loaded and the phone is idle (2 s at most after the load). */
export function whenLoadedAndIdle(run: () => void): void {
  if (document.readyState === 'complete') whenIdle(run);
  else window.addEventListener('load', () => whenIdle(run), { once: true });
}
