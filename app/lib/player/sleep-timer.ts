import { useSyncExternalStore } from 'react';
import { currentTrack, type RadioEngine, type Timers } from './engine';

/** docs/product.md "Sleep timer": the choices, and the fade before the pause. */
export const SLEEP_MINUTES = [15, 30, 45, 60] as const;
export const SLEEP_FADE_MS = 10_000;
const TICK_MS = 250;

export type SleepChoice = (typeof SLEEP_MINUTES)[number] | 'end';

export interface SleepState {
  choice: SleepChoice | null;
  /** When the sound stops (a countdown); null for 'End of episode' or when off. */
  endsAt: number | null;
}

/**
 * The sleep timer: after 15–60 minutes, or at the end of the episode, the sound fades out over
 * its last 10 seconds and the player pauses. It counts wall-clock time (a countdown keeps going
 * through a stall); 'End of episode' follows the episode's own position, so it waits through
 * a pause or a slower speed.
 */
export class SleepTimer {
  state: SleepState = { choice: null, endsAt: null };
  private listeners = new Set<() => void>();
  private tick: unknown = null;

  constructor(
    private readonly engine: Pick<RadioEngine, 'state' | 'setFade' | 'pause'>,
    private readonly timers: Timers,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(state: SleepState): void {
    this.state = state;
    this.listeners.forEach((l) => l());
  }

  start(choice: SleepChoice): void {
    this.cancel();
    this.set({ choice, endsAt: choice === 'end' ? null : this.timers.now() + choice * 60_000 });
    this.schedule();
  }

  cancel(): void {
    if (this.tick !== null) this.timers.clearTimeout(this.tick);
    this.tick = null;
    this.engine.setFade(1);
    if (this.state.choice !== null) this.set({ choice: null, endsAt: null });
  }

  /** Milliseconds until the sound stops (at the current speed for 'End of episode'); null when off or unknown. */
  remainingMs(): number | null {
    const { choice, endsAt } = this.state;
    if (choice === null) return null;
    if (endsAt !== null) return Math.max(0, endsAt - this.timers.now());
    const s = this.engine.state;
    if (!currentTrack(s) || !(s.duration > 0)) return null;
    return (Math.max(0, s.duration - s.position) * 1000) / (s.rate || 1);
  }

  private schedule(): void {
    this.tick = this.timers.setTimeout(() => this.onTick(), TICK_MS);
  }

  private onTick(): void {
    this.tick = null;
    const s = this.engine.state;
    // 'End of episode' ends with the episode: the live stream has no end to wait for.
    if (this.state.choice === 'end' && !currentTrack(s)) return this.cancel();
    const left = this.remainingMs();
    const playing = s.status === 'playing';
    if (left !== null && left <= 0) {
      if (playing || s.status === 'connecting' || s.status === 'reconnecting') this.engine.pause();
      return this.cancel();
    }
    this.engine.setFade(left !== null && left < SLEEP_FADE_MS ? left / SLEEP_FADE_MS : 1);
    this.schedule();
  }
}

export function useSleepTimer(timer: SleepTimer): SleepState {
  return useSyncExternalStore(timer.subscribe, () => timer.state, () => timer.state);
}
