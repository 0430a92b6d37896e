/**
 * When a first visit's own loading is over: the page has loaded and no resource (script,
 * style, image, API answer) has finished for `quietMs`, or `maxMs` after the load at the
 * latest, on an idle moment. The service worker's install downloads the whole shell (several
 * hundred KB) and its thread competes for the phone's CPU; started at the load event it
 * fell in the middle of the page's own requests and start-up (docs/performance.md).
 */
export interface SettleEnv {
  /** Calls back once the document has loaded (at once if it has). */
  onLoad(callback: () => void): void;
  /** Calls back each time a resource finishes; returns a function that stops it. */
  observeResources(callback: () => void): () => void;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Runs the callback when the main thread is idle (soon, where there is no such notion). */
  whenIdle(callback: () => void): void;
}

export function whenPageSettled(env: SettleEnv = browserSettleEnv(), { quietMs = 2000, maxMs = 10_000 } = {}): Promise<void> {
  return new Promise((resolve) => {
    env.onLoad(() => {
      let done = false;
      let quiet: unknown;
      const finish = () => {
        if (done) return;
        done = true;
        env.clearTimeout(quiet);
        env.clearTimeout(cap);
        stop();
        env.whenIdle(resolve);
      };
      const restartQuiet = () => {
        env.clearTimeout(quiet);
        quiet = env.setTimeout(finish, quietMs);
      };
      const cap = env.setTimeout(finish, maxMs);
      const stop = env.observeResources(restartQuiet);
      restartQuiet();
    });
  });
}

function browserSettleEnv(): SettleEnv {
  return {
    onLoad: (callback) => (document.readyState === 'complete' ? callback() : window.addEventListener('load', () => callback(), { once: true })),
    observeResources(callback) {
      if (typeof PerformanceObserver === 'undefined') return () => {};
      const observer = new PerformanceObserver(() => callback());
      try {
        observer.observe({ type: 'resource' });
      } catch {
        return () => {};
      }
      return () => observer.disconnect();
    },
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
    whenIdle: (callback) => (window.requestIdleCallback ? window.requestIdleCallback(() => callback(), { timeout: 1000 }) : window.setTimeout(callback, 0)),
  };
}
