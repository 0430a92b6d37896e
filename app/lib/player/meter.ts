import { currentTrack, type EngineState, type Timers } from './state';

/** What we assume a track costs when we do not know: originals are 128 kbps or more. */
export const TRACK_KBPS = 128;
/** The server's rendition (docs/renditions.md). */
export const TRACK_LOW_DATA_KBPS = 48;

/** Roughly how much data a listening session used: seconds × bitrate. */
export function estimateMegabytes(seconds: number, kbps: number): number {
  return (seconds * kbps * 1000) / 8 / 1_000_000;
}

/** The player the meter counts for (core.ts): its state, read afresh at each call. */
export interface MeterHost {
  readonly state: EngineState;
  readonly timers: Timers;
  set(patch: Partial<EngineState>): void;
}

/**
 * The data meter: how long the live stream played and how many kilobits of tracks, for the
 * data-used estimate in the bar. A stretch of play counts from 'playing' until the sound stops
 * (a pause, a trouble, another source) and is then added to the state's totals.
 */
export class Meter {
  private playingSince: number | null = null;

  constructor(private readonly host: MeterHost) {}

  /** The sound started (again): a stretch begins, unless one is already counting. */
  start(): void {
    this.playingSince ??= this.host.timers.now();
  }

  /** The sound stopped: the stretch goes into the totals. */
  stop(): void {
    if (this.playingSince === null) return;
    const { state, timers } = this.host;
    const played = (timers.now() - this.playingSince) / 1000;
    this.playingSince = null;
    if (state.index >= 0) this.host.set({ trackKilobits: state.trackKilobits + played * this.trackKbps() });
    else this.host.set({ playedSeconds: state.playedSeconds + played });
  }

  /** Seconds of the live stream played including the current stretch. */
  playedSeconds(): number {
    const { state, timers } = this.host;
    if (state.index >= 0) return state.playedSeconds;
    const live = this.playingSince === null ? 0 : (timers.now() - this.playingSince) / 1000;
    return state.playedSeconds + live;
  }

  /** Megabytes of tracks played including the current stretch. */
  trackMegabytes(): number {
    const { state, timers } = this.host;
    const stretch = state.index >= 0 && this.playingSince !== null ? ((timers.now() - this.playingSince) / 1000) * this.trackKbps() : 0;
    return (state.trackKilobits + stretch) / 8 / 1000;
  }

  /** Kilobits per second of listening: the file's rate, times the speed (1.5× moves 1.5× the bytes). */
  private trackKbps(): number {
    const state = this.host.state;
    const item = currentTrack(state);
    const kbps = state.lowDataTrack ? (item?.lowDataKbps ?? TRACK_LOW_DATA_KBPS) : (item?.kbps ?? TRACK_KBPS);
    return kbps * state.rate;
  }
}
