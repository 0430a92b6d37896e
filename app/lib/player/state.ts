/**
 * What the player is, as every part of it (core.ts, live.ts, queue.ts, meter.ts) and every
 * screen reads it: one state object, replaced on each change, and the few shapes the parts
 * share (the media element, the clock).
 */

/** A track in the queue, as the player needs it. */
export interface QueueItem {
  id: string;
  title: string;
  artist: string;
  /** The original file. */
  src: string;
  /** The low-bitrate rendition, played in Low Data Mode when the server has made one. */
  lowDataSrc: string | null;
  artwork: string | null;
  explicit: boolean;
  /** An episode (Listen Again) rather than an artist's track: skips and speed in the bar. */
  kind?: 'track' | 'episode';
  /** The file's own rates when known (an episode's size over its length), for the data estimate. */
  kbps?: number;
  lowDataKbps?: number;
  /** Where to start, in seconds (an episode resumes where the listener stopped). */
  startAt?: number;
}

export type EngineStatus = 'idle' | 'connecting' | 'playing' | 'paused' | 'reconnecting' | 'failed';

export interface EngineState {
  status: EngineStatus;
  src: string;
  volume: number;
  muted: boolean;
  /** Reconnect attempts since the stream last played. */
  attempt: number;
  /** Seconds spent playing the live stream this session (for the data-used estimate). */
  playedSeconds: number;
  /** Kilobits of tracks played this session (for the data-used estimate). */
  trackKilobits: number;
  /** The artist's tracks being played, or empty on the live stream. */
  queue: QueueItem[];
  /** Index in queue of the track playing; -1 on the live stream. */
  index: number;
  /** Whether the track plays its low-data rendition. */
  lowDataTrack: boolean;
  /** Track position and length in seconds (whole seconds while playing; 0 when unknown). */
  position: number;
  duration: number;
  /** Playback speed of a track or episode (1, 1.25, 1.5). */
  rate: number;
  /** On the relayed stream's ladder (docs/live-relay.md): where in its window; null elsewhere. */
  live: LiveWindow | null;
  /** The program date-time where the sound stopped at a stall or dead zone, to pick up from; null when none. */
  interruptedAt: number | null;
}

export interface LiveWindow {
  /** Whole seconds behind the live edge. */
  behind: number;
  /** Whole seconds of the window that can be played (up to 2 hours). */
  window: number;
  /** The rung playing, 0 the lowest; -1 unknown. */
  level: number;
}

export const INITIAL_STATE: EngineState = {
  status: 'idle',
  src: '',
  volume: 1,
  muted: false,
  attempt: 0,
  playedSeconds: 0,
  trackKilobits: 0,
  queue: [],
  index: -1,
  lowDataTrack: false,
  position: 0,
  duration: 0,
  rate: 1,
  live: null,
  interruptedAt: null,
};

/** The track playing (or paused), or null on the live stream. */
export const currentTrack = (s: EngineState): QueueItem | null => (s.index >= 0 ? (s.queue[s.index] ?? null) : null);

/** The part of HTMLMediaElement the engine uses. */
export interface MediaLike {
  src: string;
  volume: number;
  muted: boolean;
  paused: boolean;
  currentTime: number;
  readonly duration: number;
  playbackRate?: number;
  defaultPlaybackRate?: number;
  play(): Promise<void>;
  pause(): void;
  load(): void;
  removeAttribute(name: string): void;
  addEventListener(type: string, listener: () => void): void;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

export const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};
