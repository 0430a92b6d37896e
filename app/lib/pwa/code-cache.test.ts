// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmCodeCache } from './code-cache';

/** A parsed page, whose scripts are neither fetched nor run. */
const pageWith = (head: string) => new DOMParser().parseFromString(`<!doctype html><head>${head}</head>`, 'text/html');

function workers() {
  const made: { url: string; terminated: boolean }[] = [];
  const make = (url: string) => {
    const w = { url, terminated: false, terminate: () => (w.terminated = true) };
    made.push(w);
    return w;
  };
  return { made, make };
}

afterEach(() => vi.useRealTimers());

describe('warmCodeCache', () => {
  it("loads the app's entry (which imports the framework) in a worker, not the framework alone", () => {
    const { made, make } = workers();
    warmCodeCache(
      pageWith(
        '<link rel="modulepreload" href="/assets/framework-abc.js"><link rel="modulepreload" href="/assets/index-def.js" data-app-entry><script type="module" src="/assets/index-def.js"></script>',
      ),
      make,
    );
    expect(made.map((w) => new URL(w.url).pathname)).toEqual(['/assets/index-def.js']);
  });

  it('ends the worker after a while, and makes none on a page without the entry', () => {
    vi.useFakeTimers();
    const { made, make } = workers();
    warmCodeCache(pageWith('<script type="module" src="/assets/index-def.js"></script>'), make);
    vi.advanceTimersByTime(14_000);
    expect(made[0]?.terminated).toBe(false);
    vi.advanceTimersByTime(1_000);
    expect(made[0]?.terminated).toBe(true);
    const none = workers();
    warmCodeCache(pageWith('<link rel="modulepreload" href="/assets/framework-abc.js">'), none.make);
    expect(none.made).toEqual([]);
  });
});
