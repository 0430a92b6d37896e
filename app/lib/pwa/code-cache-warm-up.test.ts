// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isCodeCacheWarmUp, WARM_UP_ATTRIBUTE } from './code-cache-warm-up-flag';
import { pageModuleUrls, warmCodeCache, warmUpDocument } from './code-cache-warm-up';

/** A page of `head`, inert (a parsed document loads nothing), as the warm-up reads it. */
const pageWith = (head: string): Document => new DOMParser().parseFromString(`<!doctype html><html><head>${head}</head><body></body></html>`, 'text/html');

// The frame's page is Chromium's to load (e2e/repeat-visit.spec.ts); here only the frame is checked.
const happyDom = (window as unknown as { happyDOM?: { settings: { disableIframePageLoading: boolean } } }).happyDOM;
if (happyDom) happyDom.settings.disableIframePageLoading = true;

describe("the code cache's warm-up frame (docs/performance.md)", () => {
  afterEach(() => {
    vi.useRealTimers();
    document.documentElement.removeAttribute(WARM_UP_ATTRIBUTE);
  });

  it("lists the page's module scripts and preloads once each, from its own origin and in the worker's caches only", async () => {
    const o = location.origin;
    const doc = pageWith(
      `<script type="module" src="${o}/assets/index-a.js"></script>` +
        `<link rel="modulepreload" href="${o}/assets/framework-b.js">` +
        `<link rel="modulepreload" href="${o}/assets/index-a.js">` +
        `<link rel="modulepreload" href="${o}/assets/hls-not-precached.js">` +
        `<script src="${o}/assets/classic.js"></script>` +
        `<link rel="icon" href="${o}/icon.png">` +
        `<script type="module" src="https://elsewhere.example/x.js"></script>` +
        `<script type="module">inline()</script>`,
    );
    const cached = async (url: string) => !url.includes('not-precached');
    expect(await pageModuleUrls(doc, cached)).toEqual([`${o}/assets/index-a.js`, `${o}/assets/framework-b.js`]);
    // A cache that cannot be read runs nothing.
    expect(await pageModuleUrls(doc, () => Promise.reject(new Error('no caches')))).toEqual([]);
  });

  it('writes a document of the same module scripts that tells them not to start', () => {
    const html = warmUpDocument(['/assets/index-a.js', '/assets/"odd".js']);
    expect(html).toContain(`<html ${WARM_UP_ATTRIBUTE}>`);
    expect(html).toContain('<script type="module" src="/assets/index-a.js"></script>');
    expect(html).toContain('src="/assets/&quot;odd&quot;.js"');
  });

  it('knows the frame by its document', () => {
    expect(isCodeCacheWarmUp()).toBe(false);
    document.documentElement.setAttribute(WARM_UP_ATTRIBUTE, '');
    expect(isCodeCacheWarmUp()).toBe(true);
  });

  it('adds a hidden frame with that document and removes it a while after it has loaded', async () => {
    vi.useFakeTimers();
    const page = pageWith(`<script type="module" src="${location.origin}/assets/index-a.js"></script>`);
    let gone = false;
    void warmCodeCache(page, 1_000, async () => true).then(() => (gone = true));
    await vi.advanceTimersByTimeAsync(0);
    const frame = page.querySelector<HTMLIFrameElement>('iframe[data-code-cache-warm-up]')!;
    expect(frame).not.toBeNull();
    expect(frame.hidden).toBe(true);
    expect(frame.getAttribute('aria-hidden')).toBe('true');
    expect(frame.tabIndex).toBe(-1);
    expect(frame.srcdoc).toContain(`${location.origin}/assets/index-a.js`);
    frame.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(999);
    expect(page.contains(frame)).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(page.contains(frame)).toBe(false);
    expect(gone).toBe(true);
  });

  it('removes a frame that never loads, and adds none for a page without module scripts', async () => {
    vi.useFakeTimers();
    const page = pageWith(`<script type="module" src="${location.origin}/assets/index-a.js"></script>`);
    void warmCodeCache(page, 1_000, async () => true);
    await vi.advanceTimersByTimeAsync(0);
    expect(page.querySelector('iframe')).not.toBeNull();
    await vi.advanceTimersByTimeAsync(4_000);
    expect(page.querySelector('iframe')).toBeNull();
    const bare = pageWith('');
    await warmCodeCache(bare, 1_000, async () => true);
    expect(bare.querySelector('iframe')).toBeNull();
  });
});
