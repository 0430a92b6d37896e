/**
 * The player's core: the one media element, the status, and how it survives dead zones. On
 * error, stall, a waiting that lasts or an ended live stream it reconnects with backoff,
 * resumes at once when the browser says it is online again, and gives up after a long outage.
 *
 * What plays is a part's: the live stream (live.ts) or the queue of tracks and episodes
 * (queue.ts), the queue whenever the state has an index. The core hands each element event to
 * that part, and asks it where to pick up after a trouble; the data meter (meter.ts) counts
 * each stretch of sound. engine.ts puts the parts together as the app's RadioEngine.
 */

import { Meter } from './meter';
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

/** What the core asks of the part that plays (live.ts, queue.ts). */
export interface PlayerPart {
  /** Puts this part's source on the element (its volume and mute set) and starts it. */
  connect(media: MediaLike, status: ConnectStatus): void;
  /** Another source begins: drop what this part holds. */
  leave(): void;
  /** The listener paused. */
  pause(media: MediaLike | null): void;
  /** The element's events, while this part plays. */
  playing(): void;
  time(): void;
  metadata(): void;
  ended(): void;
  /** A trouble will be retried (`was`: the status it met): keep where to pick up from. */
  troubled(was: EngineStatus): void;
  /** The browser is online again: a reconnect goes now. */
  online(): void;
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

export class PlayerCore {
  state: EngineState = { ...INITIAL_STATE };
  readonly timers: Timers;
  readonly meter: Meter;
  private element: MediaLike | null = null;
  /** The sleep timer's fade (1 = the listener's volume); never stored as the volume. */
  private fade = 1;
  private parts: { live: PlayerPart; queue: PlayerPart } | null = null;
  private listeners = new Set<() => void>();
  private readonly backoff: number[];
  private readonly giveUpAfter: number;
  private readonly waitingTimeout: number;
  private retryTimer: unknown = null;
  private waitingTimer: unknown = null;
  /** When the stream last played, or when the outage began. */
  private outageSince: number | null = null;

  constructor(private readonly options: CoreOptions) {
    this.timers = options.timers ?? realTimers;
    this.backoff = options.backoffMs ?? DEFAULT_BACKOFF_MS;
    this.giveUpAfter = options.giveUpAfterMs ?? DEFAULT_GIVE_UP_MS;
    this.waitingTimeout = options.waitingTimeoutMs ?? DEFAULT_WAITING_TIMEOUT_MS;
    this.meter = new Meter(this);
  }

  /** The parts that play (engine.ts): the queue's whenever the state has an index, else the live stream's. */
  plug(live: PlayerPart, queue: PlayerPart): void {
    this.parts = { live, queue };
  }

  private part(): PlayerPart {
    const parts = this.parts!;
    return this.state.index >= 0 ? parts.queue : parts.live;
  }

  /** The one element playing, or null before the first play. */
  get media(): MediaLike | null {
    return this.element;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  set(patch: Partial<EngineState>): void {
    this.state = { ...this.state, ...patch };
    this.listeners.forEach((l) => l());
  }

  /** A new element with the core's listeners (the ladder's hand-off readies one beside the playing one). */
  createElement(): MediaLike {
    return this.wire(this.options.createMedia());
  }

  /** Takes over an element started before the app ran (the first tap); only when none was made yet. */
  takeElement(media: MediaLike): boolean {
    if (this.element) return false;
    this.element = this.wire(media);
    return true;
  }

  /** Another element becomes the one playing (made by createElement); returns the one it replaces. */
  replaceElement(next: MediaLike): MediaLike | null {
    const old = this.element;
    this.element = next;
    return old;
  }

  /** The core's listeners on a media element; an element that is not (or no longer) the one playing is not heard. */
  private wire(media: MediaLike): MediaLike {
    const on = (type: string, fn: () => void) => media.addEventListener(type, () => media === this.element && fn());
    on('playing', () => this.playing());
    on('waiting', () => this.onWaiting());
    for (const type of ['error', 'stalled']) on(type, () => this.trouble());
    on('ended', () => this.part().ended());
    on('timeupdate', () => this.part().time());
    for (const type of ['loadedmetadata', 'durationchange']) on(type, () => this.part().metadata());
    return media;
  }

  /** A new source begins: nothing scheduled, the meter's stretch counted, the parts' holds dropped. */
  begin(): void {
    this.clearTimers();
    this.meter.stop();
    this.parts!.live.leave();
    this.parts!.queue.leave();
    this.outageSince = null;
  }

  /** (Re)connects what the state says plays, on the one element. */
  connect(status: ConnectStatus): void {
    if (!this.element) this.element = this.createElement();
    const media = this.element;
    media.volume = this.state.volume * this.fade;
    media.muted = this.state.muted;
    this.part().connect(media, status);
  }

  /** Starts the state's src on the element; a fresh URL each retry, so no cache or half-dead connection is reused. */
  startSrc(media: MediaLike, status: ConnectStatus, rate: number, load: LoadSource = loadPlain): void {
    const { src, attempt } = this.state;
    const sep = src.includes('?') ? '&' : '?';
    load(media, attempt === 0 ? src : `${src}${sep}reconnect=${this.timers.now()}`);
    media.playbackRate = rate;
    this.set({ status });
    this.playMedia(media);
    this.armWaitingTimer();
  }

  playMedia(media: MediaLike): void {
    media.play().catch((err: unknown) => this.onPlayRejected(err));
  }

  /** Pausing a live stream also drops the connection, so a paused radio costs no data; a paused track keeps its place. */
  pause(): void {
    this.clearTimers();
    this.meter.stop();
    this.part().pause(this.element);
    this.outageSince = null;
    this.set({ status: this.state.status === 'idle' ? 'idle' : 'paused', attempt: 0 });
  }

  /** The browser's online event: a reconnect waiting on its backoff goes now. */
  online(): void {
    if (this.state.status === 'reconnecting' || this.state.status === 'failed') {
      this.clearTimers();
      if (this.state.status === 'failed') this.outageSince = this.timers.now();
      this.part().online();
      this.connect('reconnecting');
    }
  }

  /** The sleep timer's fade: the sound at this share of the listener's volume. */
  setFade(fraction: number): void {
    this.fade = Math.min(1, Math.max(0, fraction));
    if (this.element) this.element.volume = this.state.volume * this.fade;
  }

  setVolume(volume: number): void {
    const v = Math.min(1, Math.max(0, volume));
    if (this.element) this.element.volume = v * this.fade;
    this.set({ volume: v });
  }

  setMuted(muted: boolean): void {
    if (this.element) this.element.muted = muted;
    this.set({ muted });
  }

  /** The sound plays (the element's event, or an adopted element already playing). */
  playing(): void {
    this.clearTimers();
    this.outageSince = null;
    this.meter.start();
    this.set({ status: 'playing', attempt: 0 });
    this.part().playing();
  }

  private onPlayRejected(err: unknown): void {
    // The browser refused to start audio without a gesture: the listener presses play.
    // Anything else is the network or the stream failing, which is what reconnecting is for.
    if ((err as { name?: string } | null)?.name === 'NotAllowedError') {
      this.clearTimers();
      this.set({ status: 'paused' });
    } else if ((err as { name?: string } | null)?.name !== 'AbortError') {
      this.trouble();
    }
  }

  private onWaiting(): void {
    if (this.state.status !== 'playing') return;
    this.armWaitingTimer();
  }

  armWaitingTimer(): void {
    if (this.waitingTimer !== null) this.timers.clearTimeout(this.waitingTimer);
    this.waitingTimer = this.timers.setTimeout(() => {
      this.waitingTimer = null;
      const media = this.element;
      const stuck = this.state.status === 'connecting' || this.state.status === 'reconnecting' || (media && !media.paused && this.state.status === 'playing');
      if (stuck) this.trouble();
    }, this.waitingTimeout);
  }

  /** Error, stall, a waiting that lasts, an ended live stream: reconnect after the backoff, or give up. */
  trouble(): void {
    const s = this.state.status;
    if (s === 'idle' || s === 'paused' || s === 'failed') return;
    if (s === 'reconnecting' && this.retryTimer !== null) return; // already scheduled
    this.meter.stop();
    const now = this.timers.now();
    this.outageSince ??= now;
    if (now - this.outageSince >= this.giveUpAfter) {
      this.clearTimers();
      this.element?.pause();
      this.set({ status: 'failed' });
      return;
    }
    this.part().troubled(s);
    const delay = this.backoff[Math.min(this.state.attempt, this.backoff.length - 1)] ?? 1_000;
    this.set({ status: 'reconnecting', attempt: this.state.attempt + 1 });
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = null;
      this.connect('reconnecting');
    }, delay);
  }

  clearTimers(): void {
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    if (this.waitingTimer !== null) this.timers.clearTimeout(this.waitingTimer);
    this.retryTimer = null;
    this.waitingTimer = null;
  }
}
