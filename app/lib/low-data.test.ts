// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

// docs/server-render.md: the server renders no page, images and all, for a listener in Low Data Mode.
describe('Low Data Mode tells the server', () => {
  afterEach(() => {
    localStorage.clear();
    document.cookie = 'lowData=; path=/; max-age=0';
    vi.resetModules();
  });

  it('keeps a lowData cookie while it is on', async () => {
    const { setLowData } = await import('./low-data');
    setLowData(true);
    expect(document.cookie).toContain('lowData=1');
    setLowData(false);
    expect(document.cookie).not.toContain('lowData=1');
  });

  it('sets it for a choice saved before there was a cookie, once the page has loaded and is idle', async () => {
    localStorage.setItem('lowDataMode', 'true');
    const { lowDataNow } = await import('./low-data');
    expect(lowDataNow()).toBe(true);
    await vi.waitFor(() => expect(document.cookie).toContain('lowData=1'), { timeout: 3000 });
  });

  it('reads no cookie in the first render: a synchronous ask of the browser, for the next page only (docs/performance.md)', async () => {
    let owner: object | null = document;
    while (owner && !Object.getOwnPropertyDescriptor(owner, 'cookie')) owner = Object.getPrototypeOf(owner) as object | null;
    const cookie = Object.getOwnPropertyDescriptor(owner!, 'cookie')!;
    const read = vi.fn(function (this: Document) {
      return cookie.get!.call(this) as string;
    });
    Object.defineProperty(document, 'cookie', { configurable: true, get: read, set: (v: string) => cookie.set!.call(document, v) });
    try {
      const { lowDataNow } = await import('./low-data');
      expect(lowDataNow()).toBe(false);
      expect(read).not.toHaveBeenCalled();
      await vi.waitFor(() => expect(read).toHaveBeenCalled(), { timeout: 3000 });
    } finally {
      delete (document as { cookie?: string }).cookie;
    }
  });
});
