// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_TAP_ATTRIBUTE, firstTapConnected } from './first-tap';

afterEach(() => {
  delete window.__firstTap;
  document.documentElement.removeAttribute(FIRST_TAP_ATTRIBUTE);
  vi.useRealTimers();
});

const settled = async (p: Promise<void>) => {
  let done = false;
  void p.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

describe("firstTapConnected: the app hydrates once the page's own stream plays", () => {
  it('resolves at once when no stream was started before the app', async () => {
    expect(await settled(firstTapConnected())).toBe(true);
    window.__firstTap = { audio: document.createElement('audio'), src: '/demo/stream' };
    document.documentElement.setAttribute(FIRST_TAP_ATTRIBUTE, 'playing');
    expect(await settled(firstTapConnected())).toBe(true);
  });

  it('waits while the stream connects, until it plays or fails', async () => {
    for (const event of ['playing', 'error']) {
      const audio = document.createElement('audio');
      window.__firstTap = { audio, src: '/demo/stream' };
      document.documentElement.setAttribute(FIRST_TAP_ATTRIBUTE, 'connecting');
      const waiting = firstTapConnected();
      expect(await settled(waiting)).toBe(false);
      audio.dispatchEvent(new Event(event));
      expect(await settled(waiting)).toBe(true);
    }
  });

  it('gives up after maxMs, so a stream that never connects does not hold the app', async () => {
    vi.useFakeTimers();
    window.__firstTap = { audio: document.createElement('audio'), src: '/demo/stream' };
    document.documentElement.setAttribute(FIRST_TAP_ATTRIBUTE, 'connecting');
    const waiting = firstTapConnected(2000);
    vi.advanceTimersByTime(1999);
    expect(await settled(waiting)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settled(waiting)).toBe(true);
  });
});
