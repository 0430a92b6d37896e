// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EngineStatus } from '../engine';
import { firstTapConnected } from './first-tap';

afterEach(() => {
  vi.useRealTimers();
});

const settled = async (p: Promise<void>) => {
  let done = false;
  void p.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

/** The player as far as the wait sees it: its status, and a listener for each change. */
function playerIn(status: EngineStatus) {
  const listeners = new Set<() => void>();
  const p = {
    state: { status } as { status: EngineStatus },
    subscribe: (l: () => void) => (listeners.add(l), () => listeners.delete(l)),
    become(next: EngineStatus) {
      p.state = { status: next };
      for (const l of [...listeners]) l();
    },
    listeners,
  };
  return p;
}
type Waited = Parameters<typeof firstTapConnected>[0];

describe('firstTapConnected: the app hydrates once the stream the first tap started plays', () => {
  it('resolves at once when no stream is connecting', async () => {
    for (const status of ['idle', 'playing', 'paused'] as const) {
      expect(await settled(firstTapConnected(playerIn(status) as unknown as Waited)), status).toBe(true);
    }
  });

  it('waits while the stream connects, until it plays or fails, and stops listening then', async () => {
    for (const next of ['playing', 'reconnecting', 'paused'] as const) {
      const p = playerIn('connecting');
      const waiting = firstTapConnected(p as unknown as Waited);
      expect(await settled(waiting)).toBe(false);
      p.become('connecting');
      expect(await settled(waiting)).toBe(false);
      p.become(next);
      expect(await settled(waiting), next).toBe(true);
      expect(p.listeners.size).toBe(0);
    }
  });

  it('gives up after maxMs, so a stream that never connects does not hold the app', async () => {
    vi.useFakeTimers();
    const p = playerIn('connecting');
    const waiting = firstTapConnected(p as unknown as Waited, 2000);
    vi.advanceTimersByTime(1999);
    expect(await settled(waiting)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settled(waiting)).toBe(true);
    expect(p.listeners.size).toBe(0);
  });
});
