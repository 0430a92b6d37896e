// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EngineStatus } from '../engine';
import { firstTapConnected, startSteps } from './first-tap';

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

/** As `settled`, for a step, which awaits twice before it answers. */
const stepped = async (p: Promise<void>) => {
  let done = false;
  void p.then(() => (done = true));
  for (let i = 0; i < 10; i++) await Promise.resolve();
  return done;
};

describe("startSteps: the app's start gives the main thread to the first tap's stream", () => {
  it('answers each step after a new task when no stream is connecting', async () => {
    const p = playerIn('idle');
    const tasks: Array<() => void> = [];
    const step = startSteps(p as unknown as Waited, () => new Promise<void>((r) => tasks.push(r)));
    const first = step();
    expect(await stepped(first)).toBe(false);
    tasks.shift()!();
    expect(await stepped(first)).toBe(true);
  });

  it('holds every step while a tap made during the start connects, until it plays', async () => {
    const p = playerIn('idle');
    const step = startSteps(p as unknown as Waited, () => Promise.resolve());
    expect(await stepped(step())).toBe(true);
    // The listener taps between two steps: the next one waits for the sound.
    p.become('connecting');
    const second = step();
    expect(await stepped(second)).toBe(false);
    p.become('playing');
    expect(await stepped(second)).toBe(true);
    expect(await stepped(step())).toBe(true);
  });

  it('waits maxMs in all, counted from the start, not maxMs a step', async () => {
    vi.useFakeTimers();
    const p = playerIn('connecting');
    const step = startSteps(p as unknown as Waited, () => Promise.resolve(), 2000);
    const first = step();
    expect(await stepped(first)).toBe(false);
    vi.advanceTimersByTime(1500);
    expect(await stepped(first)).toBe(false);
    vi.advanceTimersByTime(500);
    expect(await stepped(first)).toBe(true);
    // Still connecting after the deadline: later steps no longer wait.
    const second = step();
    await stepped(second);
    vi.advanceTimersByTime(0);
    expect(await stepped(second)).toBe(true);
  });

  it("counts maxMs from the page's first tap, which the page's start script waited on already", async () => {
    vi.useFakeTimers();
    const p = playerIn('connecting');
    // The tap came 1.5 s before the app's start (the start script held the entry meanwhile).
    const step = startSteps(p as unknown as Waited, () => Promise.resolve(), 2000, performance.now() - 1500);
    const first = step();
    expect(await stepped(first)).toBe(false);
    vi.advanceTimersByTime(500);
    expect(await stepped(first)).toBe(true);
  });
});
