// @vitest-environment happy-dom
import { startTransition } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scheduledAsInBrowser, task } from '../../test/scheduled-as-in-browser';

/** The episode-downloads module as a fresh page loads it, with this phone's saved index. */
async function freshModule(index: Record<string, unknown> | null) {
  vi.resetModules();
  if (index) localStorage.setItem('savedEpisodes', JSON.stringify(index));
  else localStorage.removeItem('savedEpisodes');
  return import('./episode-downloads');
}

describe("the saved episodes and downloads as a page the server rendered is hydrated (docs/server-render.md)", () => {
  let root: Root | null = null;
  const page = scheduledAsInBrowser(() => {
    root?.unmount();
    root = null;
  });
  afterEach(() => localStorage.clear());

  async function hydrate(index: Record<string, unknown> | null) {
    const { useSavedEpisodes, useDownloads } = await freshModule(index);
    let renders = 0;
    function Row() {
      renders += 1;
      const saved = useSavedEpisodes();
      const downloads = useDownloads();
      return <p>{`saved ${Object.keys(saved).length}, downloading ${Object.keys(downloads).length}`}</p>;
    }
    const container = page.container();
    // The server's markup: nothing saved there.
    container.innerHTML = '<p>saved 0, downloading 0</p>';
    startTransition(() => void (root = hydrateRoot(container, <Row />)));
    for (let i = 0; i < 20; i++) await task();
    return { renders, text: container.textContent };
  }

  it('draws nothing again when the phone holds nothing: the same empty answer on both sides', async () => {
    // A different empty object than the server's made React redraw every row synchronously.
    expect(await hydrate(null)).toEqual({ renders: 1, text: 'saved 0, downloading 0' });
  });

  it("draws the phone's saved episodes after the hydration", async () => {
    const episode = { id: 'e1', title: 'Morning Praise' };
    const { text } = await hydrate({ e1: { episode, showTitle: null, url: '/media/e1.mp3', bytes: 10, savedAt: '2026-12-07T10:00:00Z' } });
    expect(text).toBe('saved 1, downloading 0');
  });
});
