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

  it('sets it for a choice saved before there was a cookie', async () => {
    localStorage.setItem('lowDataMode', 'true');
    const { lowDataNow } = await import('./low-data');
    expect(lowDataNow()).toBe(true);
    expect(document.cookie).toContain('lowData=1');
  });
});
