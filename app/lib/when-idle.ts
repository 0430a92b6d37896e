/** When the main thread is idle (2 s at most), or half a second later where there is no such notion. */
export function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => run(), { timeout: 2000 });
  else setTimeout(run, 500);
}

/** Once the page has loaded and the phone is idle (2 s at most after the load). */
export function whenLoadedAndIdle(run: () => void): void {
  if (document.readyState === 'complete') whenIdle(run);
  else window.addEventListener('load', () => whenIdle(run), { once: true });
}
