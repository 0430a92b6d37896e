import { describe, expect, it } from 'vitest';
import type { EngineState } from './engine';
import { FakeTimers } from './fake-timers.test-helper';
import { SleepTimer } from './sleep-timer';


function fakeEngine(patch: Partial<EngineState> = {}) {
  const engine = {
    state: { status: 'playing', index: -1, queue: [], position: 0, duration: 0, rate: 1, ...patch } as unknown as EngineState,
    fades: [] as number[],
    paused: 0,
    setFade(f: number) {
      engine.fades.push(f);
    },
    pause() {
      engine.paused += 1;
      engine.state = { ...engine.state, status: 'paused' };
    },
  };
  return engine;
}

/** A timer on a fake engine and clock, started with `choice`. */
function started(choice: Parameters<SleepTimer['start']>[0], patch: Partial<EngineState> = {}) {
  const clock = new FakeTimers(0);
  const engine = fakeEngine(patch);
  const timer = new SleepTimer(engine, clock);
  timer.start(choice);
  return { clock, engine, timer };
}

describe('SleepTimer', () => {
  it('after 15 minutes: full volume until the last 10 s, a fade down over them, then a pause', () => {
    const { clock, engine, timer } = started(15);
    clock.advance(15 * 60_000 - 10_001);
    expect(engine.paused).toBe(0);
    expect(Math.min(...engine.fades)).toBe(1);
    clock.advance(5_000);
    const mid = engine.fades.at(-1)!;
    expect(mid).toBeGreaterThan(0.45);
    expect(mid).toBeLessThan(0.55);
    clock.advance(5_001);
    expect(engine.paused).toBe(1);
    // Back to full volume for the next play, and off.
    expect(engine.fades.at(-1)).toBe(1);
    expect(timer.state.choice).toBeNull();
  });

  it("'End of episode' follows the episode's position and speed", () => {
    const item = { id: 'e', kind: 'episode' };
    const { clock, engine, timer } = started('end', { index: 0, queue: [item] as never, duration: 600, position: 580, rate: 1 });
    expect(timer.remainingMs()).toBe(20_000);
    clock.advance(500);
    expect(engine.fades.at(-1)).toBe(1);
    engine.state = { ...engine.state, position: 595 };
    clock.advance(250);
    expect(engine.fades.at(-1)).toBeCloseTo(0.5);
    engine.state = { ...engine.state, position: 600 };
    clock.advance(250);
    expect(engine.paused).toBe(1);
    expect(timer.state.choice).toBeNull();
  });

  it('cancel restores the volume and stops counting', () => {
    const { clock, engine, timer } = started(15);
    clock.advance(15 * 60_000 - 3_000);
    timer.cancel();
    expect(engine.fades.at(-1)).toBe(1);
    clock.advance(60_000);
    expect(engine.paused).toBe(0);
  });
});
