/**
 * The player's core: the one media element, the status, and how it survives dead zones. On
 * error, stall, a waiting that lasts or an ended live stream it reconnects with backoff,
 * resumes at once when the browser says it is online again, and gives up after a long outage.
 *
 * What plays is the live stream (live.ts) or a queue of tracks and episodes (queue.ts): the
 * core hands each element event to them through its hooks and asks them where to pick up after
 * a trouble; the data meter (meter.ts) counts each stretch of sound. engine.ts is the last of
 * the chain, the app's RadioEngine.
 */

import { countStretch, liveSeconds, trackMegabytes } from './meter';
import { INITIAL_STATE, realTimers, type EngineState, type EngineStatus, type MediaLike, type Timers } from './state';

export type ConnectStatus = 'connecting' | 'reconnecting';

/** How a source's URL goes onto the element and starts loading. */
export type LoadSource = (media: MediaLike, url: string) => void;

/** The element's plain src. */
export const loadPlain: LoadSource = (media, url) => {
  media.src = url;
  media.load();
};

/** Takes a source off an element, closing its connection (a paused radio costs no data). */
export function dropSource(media: MediaLike): void {
  media.pause();
  media.removeAttribute('src');
  media.load();
}

export interface CoreOptions {
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

/**
 * The core of the RadioEngine; what plays is its subclasses': LivePlayer (live.ts) fills in the
 * hooks below for the live stream, QueuePlayer (queue.ts) for a queue whenever the state has an
 * index. A chain of classes rather than parts held in fields and called through: the player is
 * in the entry every page loads, and the calls through made it about 0.6 KB larger (brotli)
 * against the first visit's budget (docs/performance.md, "The first visit at the wire").
 */
export abstract class PlayerCore<O extends CoreOptions = CoreOptions> {
  state: EngineState = INITIAL_STATE;
  protected readonly timers: Timers;
  protected media: MediaLike | null = null;
  /** The sleep timer's fade (1 = the listener's volume); never stored as the volume. */
  private fade = 1;
  private listeners = new Set<() => void>();
  private readonly backoff: number[];
  private readonly giveUpAfter: number;
  private readonly waitingTimeout: number;
  private retryTimer: unknown = null;
  private waitingTimer: unknown = null;
  /** When the stream last played, or when the outage began. */
  private outageSince: number | null = null;
  /** When the sound began, for the data meter (meter.ts); null while silent. */
  private playingSince: number | null = null;

  constructor(protected readonly options: O) {
    this.timers = options.timers ?? realTimers;
    this.backoff = options.backoffMs ?? DEFAULT_BACKOFF_MS;
    this.giveUpAfter = options.giveUpAfterMs ?? DEFAULT_GIVE_UP_MS;
    this.waitingTimeout = options.waitingTimeoutMs ?? DEFAULT_WAITING_TIMEOUT_MS;
  }

  /** Puts what plays on the element (its volume and mute set) and starts it. */
  protected abstract load(media: MediaLike, status: ConnectStatus): void;
  /** Another source begins: drop what is held for the one before. */
  protected abstract leave(): void;
  /** The listener paused: what the element keeps, or lets go. */
  protected abstract release(media: MediaLike | null): void;
  /** The element's events. */
  protected abstract afterPlaying(): void;
  protected abstract onTime(): void;
  protected onMetadata?(): void;
  protected abstract onEnded(): void;
  /** A trouble will be retried (`was`: the status it met): keep where to pick up from. */
  protected abstract beforeRetry(was: EngineStatus): void;
  /** The browser is online again: a reconnect goes now, from where it stopped. */
  protected keepPlace?(): void;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  protected set(patch: Partial<EngineState>): void {
    this.state = { ...this.state, ...patch };
    this.listeners.forEach((l) => l());
  }

  private element(): MediaLike {
    if (this.media) return this.media;
    this.media = this.wire(this.options.createMedia());
    return this.media;
  }

  /** The core's listeners on a media element; an element that is not (or no longer) the one playing is not heard. */
  protected wire(media: MediaLike): MediaLike {
    const on = (type: string, fn: () => void) => media.addEventListener(type, () => media === this.media && fn());
    on('playing', () => this.onPlaying());
    on('waiting', () => this.onWaiting());
    for (const type of ['error', 'stalled']) on(type, () => this.onTrouble());
    on('ended', () => this.onEnded());
    on('timeupdate', () => this.onTime());
    for (const type of ['loadedmetadata', 'durationchange']) on(type, () => this.onMetadata?.());
    return media;
  }

  /** A new source begins: nothing scheduled, the meter's stretch counted, what the last one held dropped. */
  protected begin(): void {
    this.clearTimers();
    this.stopClock();
    this.leave();
    this.outageSince = null;
  }

  /** (Re)connects what the state says plays, on the one element. */
  protected connect(status: ConnectStatus): void {
    const media = this.element();
    media.volume = this.state.volume * this.fade;
    media.muted = this.state.muted;
    this.load(media, status);
  }

  /** Starts the state's src on the element; a fresh URL each retry, so no cache or half-dead connection is reused. */
  protected startSrc(media: MediaLike, status: ConnectStatus, rate: number, load: LoadSource = loadPlain): void {
    const { src, attempt } = this.state;
    const sep = src.includes('?') ? '&' : '?';
    load(media, attempt === 0 ? src : `${src}${sep}reconnect=${this.timers.now()}`);
    media.playbackRate = rate;
    this.set({ status });
    this.playMedia(media);
    this.armWaitingTimer();
  }

  protected playMedia(media: MediaLike): void {
    media.play().catch((err: unknown) => this.onPlayRejected(err));
  }

  /** Pausing a live stream also drops the connection, so a paused radio costs no data; a paused track keeps its place. */
  pause(): void {
    this.clearTimers();
    this.stopClock();
    this.release(this.media);
    this.outageSince = null;
    this.set({ status: this.state.status === 'idle' ? 'idle' : 'paused', attempt: 0 });
  }

  stop(): void {
    this.pause();
    this.set({ status: 'idle' });
  }

  /** The browser's online event: a reconnect waiting on its backoff goes now. */
  online(): void {
    if (this.state.status === 'reconnecting' || this.state.status === 'failed') {
      this.clearTimers();
      if (this.state.status === 'failed') this.outageSince = this.timers.now();
      this.keepPlace?.();
      this.connect('reconnecting');
    }
  }

  /** The sleep timer's fade: the sound at this share of the listener's volume. */
  setFade(fraction: number): void {
    this.fade = Math.min(1, Math.max(0, fraction));
    if (this.media) this.media.volume = this.state.volume * this.fade;
  }

  setVolume(volume: number): void {
    const v = Math.min(1, Math.max(0, volume));
    if (this.media) this.media.volume = v * this.fade;
    this.set({ volume: v });
  }

  setMuted(muted: boolean): void {
    if (this.media) this.media.muted = muted;
    this.set({ muted });
  }

  toggleMute(): void {
    this.setMuted(!this.state.muted);
  }

  /** Seconds of the live stream played including the current stretch. */
  playedSeconds(): number {
    return liveSeconds(this.state, this.stretch());
  }

  /** Megabytes of tracks played including the current stretch. */
  trackMegabytes(): number {
    return trackMegabytes(this.state, this.stretch());
  }

  /** Seconds of the stretch of sound under way (0 in silence). */
  private stretch(): number {
    return this.playingSince === null ? 0 : (this.timers.now() - this.playingSince) / 1000;
  }

  /** The sound stopped: the stretch goes into the meter's totals. */
  protected stopClock(): void {
    if (this.playingSince === null) return;
    const played = this.stretch();
    this.playingSince = null;
    this.set(countStretch(this.state, played));
  }

  /** The sound plays (the element's event, or an adopted element already playing). */
  protected onPlaying(): void {
    this.clearTimers();
    this.outageSince = null;
    this.playingSince ??= this.timers.now();
    this.set({ status: 'playing', attempt: 0 });
    this.afterPlaying();
  }

  private onPlayRejected(err: unknown): void {
    // The browser refused to start audio without a gesture: the listener presses play.
    // Anything else is the network or the stream failing, which is what reconnecting is for.
    if ((err as { name?: string } | null)?.name === 'NotAllowedError') {
      this.clearTimers();
      this.set({ status: 'paused' });
    } else if ((err as { name?: string } | null)?.name !== 'AbortError') {
      this.onTrouble();
    }
  }

  private onWaiting(): void {
    if (this.state.status !== 'playing') return;
    this.armWaitingTimer();
  }

  protected armWaitingTimer(): void {
    if (this.waitingTimer !== null) this.timers.clearTimeout(this.waitingTimer);
    this.waitingTimer = this.timers.setTimeout(() => {
      this.waitingTimer = null;
      const media = this.media;
      const stuck = this.state.status === 'connecting' || this.state.status === 'reconnecting' || (media && !media.paused && this.state.status === 'playing');
      if (stuck) this.onTrouble();
    }, this.waitingTimeout);
  }

  /** Error, stall, a waiting that lasts, an ended live stream: reconnect after the backoff, or give up. */
  protected onTrouble(): void {
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
    this.beforeRetry(s);
    const delay = this.backoff[Math.min(this.state.attempt, this.backoff.length - 1)] ?? 1_000;
    this.set({ status: 'reconnecting', attempt: this.state.attempt + 1 });
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = null;
      this.connect('reconnecting');
    }, delay);
  }

  protected clearTimers(): void {
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    if (this.waitingTimer !== null) this.timers.clearTimeout(this.waitingTimer);
    this.retryTimer = null;
    this.waitingTimer = null;
  }
}
