import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenPageSettled, type SettleEnv } from './page-settled';

/** A page whose load and finished resources the test drives, on vitest's fake clock. */
function fakePage() {
  let loaded: (() => void) | null = null;
  let resourceDone: (() => void) | null = null;
  let observing = false;
  const env: SettleEnv = {
    onLoad: (cb) => (loaded = cb),
    observeResources(cb) {
      resourceDone = cb;
      observing = true;
      return () => (observing = false);
    },
    setTimeout: (cb, ms) => setTimeout(cb, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    whenIdle: (cb) => cb(),
  };
  return {
    env,
    load: () => loaded?.(),
    resourceFinished: () => resourceDone?.(),
    get observing() {
      return observing;
    },
  };
}

describe('whenPageSettled', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for the load event, then for the page’s own requests to go quiet', async () => {
    const page = fakePage();
    let settled = false;
    void whenPageSettled(page.env, { quietMs: 2000, maxMs: 10_000 }).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(5000);
    expect(settled).toBe(false); // not loaded yet

    page.load();
    await vi.advanceTimersByTimeAsync(1500);
    page.resourceFinished(); // an API answer or an image, 1.5 s after load
    await vi.advanceTimersByTimeAsync(1500);
    expect(settled).toBe(false); // only 1.5 s of quiet since
    await vi.advanceTimersByTimeAsync(600);
    expect(settled).toBe(true);
    expect(page.observing).toBe(false);
  });

  it('does not wait past maxMs for a page that keeps fetching', async () => {
    const page = fakePage();
    let settled = false;
    void whenPageSettled(page.env, { quietMs: 2000, maxMs: 10_000 }).then(() => (settled = true));
    page.load();
    for (let t = 0; t < 9000; t += 1000) {
      await vi.advanceTimersByTimeAsync(1000);
      page.resourceFinished();
    }
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1001);
    expect(settled).toBe(true);
  });
});
