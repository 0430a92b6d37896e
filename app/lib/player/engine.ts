/**
 * The radio's one audio engine as a state machine over a media element, so the same code
 * runs on a real <audio> and on a fake in tests. It survives dead zones: on error, stall,
 * a waiting that lasts or an ended live stream it reconnects with backoff, resumes at once
 * when the browser says it is online again, and gives up after a long outage.
 */

export type EngineStatus = 'idle' | 'connecting' | 'playing' | 'paused' | 'reconnecting' | 'failed';

export interface EngineState {
  status: EngineStatus;
  src: string;
  volume: number;
  muted: boolean;
  /** Reconnect attempts since the stream last played. */
  attempt: number;
  /** Seconds spent playing this session (for the data-used estimate). */
  playedSeconds: number;
}

/** The part of HTMLMediaElement the engine uses. */
export interface MediaLike {
  src: string;
  volume: number;
  muted: boolean;
  paused: boolean;
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

export interface EngineOptions {
  createMedia: () => MediaLike;
  timers?: Timers;
  /** Delays before each reconnect attempt: fast first tries, then the last value repeats. */
  backoffMs?: number[];
  /** Give up when the stream has not played for this long. */
  giveUpAfterMs?: number;
  /** A 'waiting' longer than this counts as a stall. */
  waitingTimeoutMs?: number;
}

export const DEFAULT_BACKOFF_MS = [500, 1_000, 2_000, 4_000, 8_000, 15_000];
export const DEFAULT_GIVE_UP_MS = 5 * 60_000;
export const DEFAULT_WAITING_TIMEOUT_MS = 8_000;

const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

export class RadioEngine {
  state: EngineState = { status: 'idle', src: '', volume: 1, muted: false, attempt: 0, playedSeconds: 0 };
  private media: MediaLike | null = null;
  private listeners = new Set<() => void>();
  private readonly timers: Timers;
  private readonly backoff: number[];
  private readonly giveUpAfter: number;
  private readonly waitingTimeout: number;
  private retryTimer: unknown = null;
  private waitingTimer: unknown = null;
  /** When the stream last played, or when the outage began. */
  private outageSince: number | null = null;
  private playingSince: number | null = null;

  constructor(private readonly options: EngineOptions) {
    this.timers = options.timers ?? realTimers;
    this.backoff = options.backoffMs ?? DEFAULT_BACKOFF_MS;
    this.giveUpAfter = options.giveUpAfterMs ?? DEFAULT_GIVE_UP_MS;
    this.waitingTimeout = options.waitingTimeoutMs ?? DEFAULT_WAITING_TIMEOUT_MS;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<EngineState>): void {
    this.state = { ...this.state, ...patch };
    this.listeners.forEach((l) => l());
  }

  private element(): MediaLike {
    if (this.media) return this.media;
    const media = this.options.createMedia();
    media.addEventListener('playing', () => this.onPlaying());
    media.addEventListener('waiting', () => this.onWaiting());
    for (const type of ['error', 'stalled', 'ended']) media.addEventListener(type, () => this.onTrouble());
    this.media = media;
    return media;
  }

  /** The listener pressed play (or the lock screen did). */
  play(src: string): void {
    if (!src) return;
    this.clearTimers();
    this.outageSince = null;
    this.set({ src, attempt: 0 });
    this.connect('connecting');
  }

  /** Pausing a live stream also drops the connection, so a paused radio costs no data. */
  pause(): void {
    this.clearTimers();
    this.stopClock();
    const media = this.media;
    if (media) {
      media.pause();
      media.removeAttribute('src');
      media.load();
    }
    this.outageSince = null;
    this.set({ status: this.state.status === 'idle' ? 'idle' : 'paused', attempt: 0 });
  }

  stop(): void {
    this.pause();
    this.set({ status: 'idle' });
  }

  toggleMute(): void {
    this.setMuted(!this.state.muted);
  }

  toggle(src: string): void {
    const s = this.state.status;
    if (s === 'playing' || s === 'connecting' || s === 'reconnecting') this.pause();
    else this.play(src || this.state.src);
  }

  /** The browser's online event: a reconnect waiting on its backoff goes now. */
  online(): void {
    if (this.state.status === 'reconnecting' || this.state.status === 'failed') {
      this.clearTimers();
      if (this.state.status === 'failed') this.outageSince = this.timers.now();
      this.connect('reconnecting');
    }
  }

  setVolume(volume: number): void {
    const v = Math.min(1, Math.max(0, volume));
    if (this.media) this.media.volume = v;
    this.set({ volume: v });
  }

  setMuted(muted: boolean): void {
    if (this.media) this.media.muted = muted;
    this.set({ muted });
  }

  /** Seconds played including the current stretch. */
  playedSeconds(): number {
    const live = this.playingSince === null ? 0 : (this.timers.now() - this.playingSince) / 1000;
    return this.state.playedSeconds + live;
  }

  private connect(status: 'connecting' | 'reconnecting'): void {
    const media = this.element();
    media.volume = this.state.volume;
    media.muted = this.state.muted;
    // A fresh URL each time, so no cache or half-dead connection is reused.
    const sep = this.state.src.includes('?') ? '&' : '?';
    media.src = this.state.attempt === 0 ? this.state.src : `${this.state.src}${sep}reconnect=${this.timers.now()}`;
    media.load();
    this.set({ status });
    media.play().catch((err: unknown) => {
      // The browser refused to start audio without a gesture: the listener presses play.
      // Anything else is the network or the stream failing, which is what reconnecting is for.
      if ((err as { name?: string } | null)?.name === 'NotAllowedError') {
        this.clearTimers();
        this.set({ status: 'paused' });
      } else if ((err as { name?: string } | null)?.name !== 'AbortError') {
        this.onTrouble();
      }
    });
    this.armWaitingTimer();
  }

  private onPlaying(): void {
    this.clearTimers();
    this.outageSince = null;
    if (this.playingSince === null) this.playingSince = this.timers.now();
    this.set({ status: 'playing', attempt: 0 });
  }

  private onWaiting(): void {
    if (this.state.status !== 'playing') return;
    this.armWaitingTimer();
  }

  private armWaitingTimer(): void {
    if (this.waitingTimer !== null) this.timers.clearTimeout(this.waitingTimer);
    this.waitingTimer = this.timers.setTimeout(() => {
      this.waitingTimer = null;
      const media = this.media;
      const stuck = this.state.status === 'connecting' || this.state.status === 'reconnecting' || (media && !media.paused && this.state.status === 'playing');
      if (stuck) this.onTrouble();
    }, this.waitingTimeout);
  }

  private onTrouble(): void {
    const s = this.state.status;
    if (s === 'idle' || s === 'paused' || s === 'failed') return;
    if (s === 'reconnecting' && this.retryTimer !== null) return; // already scheduled
    this.stopClock();
    const now = this.timers.now();
    this.outageSince ??= now;
    if (now - this.outageSince >= this.giveUpAfter) {
      this.clearTimers();
      this.media?.pause();
      this.set({ status: 'failed' });
      return;
    }
    const delay = this.backoff[Math.min(this.state.attempt, this.backoff.length - 1)] ?? 1_000;
    this.set({ status: 'reconnecting', attempt: this.state.attempt + 1 });
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = null;
      this.connect('reconnecting');
    }, delay);
  }

  private stopClock(): void {
    if (this.playingSince !== null) {
      const played = (this.timers.now() - this.playingSince) / 1000;
      this.playingSince = null;
      this.set({ playedSeconds: this.state.playedSeconds + played });
    }
  }

  private clearTimers(): void {
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    if (this.waitingTimer !== null) this.timers.clearTimeout(this.waitingTimer);
    this.retryTimer = null;
    this.waitingTimer = null;
  }
}

/** Roughly how much data a listening session used: seconds × bitrate. */
export function estimateMegabytes(seconds: number, kbps: number): number {
  return (seconds * kbps * 1000) / 8 / 1_000_000;
}
