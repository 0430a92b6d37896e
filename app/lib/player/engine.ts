/**
 * The app's one audio engine, put together from its parts, so the same code runs on a real
 * <audio> and on a fake in tests: the core (core.ts: the element, the status, reconnecting with
 * backoff), the live stream (live.ts: the direct stream, the relay's ladder, rewind), the queue
 * of tracks and episodes (queue.ts: seek, speed, resume) and the data meter (meter.ts). The
 * sleep timer (sleep-timer.ts) drives the fade and the pause from outside.
 */

import { PlayerCore, type CoreOptions } from './core';
import { LivePlayer, type LiveOptions } from './live';
import { QueuePlayer, type QueueOptions } from './queue';
import type { EngineState, MediaLike, QueueItem } from './state';

export type { EngineState, EngineStatus, LiveWindow, MediaLike, QueueItem, Timers } from './state';
export { currentTrack } from './state';
export { estimateMegabytes, TRACK_KBPS, TRACK_LOW_DATA_KBPS } from './meter';
export { DEFAULT_BACKOFF_MS, DEFAULT_GIVE_UP_MS, DEFAULT_WAITING_TIMEOUT_MS } from './core';

export interface EngineOptions extends CoreOptions, LiveOptions, QueueOptions {}

export class RadioEngine {
  private readonly core: PlayerCore;
  private readonly live: LivePlayer;
  private readonly queue: QueuePlayer;

  constructor(options: EngineOptions) {
    this.core = new PlayerCore(options);
    this.live = new LivePlayer(this.core, options);
    this.queue = new QueuePlayer(this.core, options);
    this.core.plug(this.live, this.queue);
  }

  get state(): EngineState {
    return this.core.state;
  }

  subscribe = (listener: () => void): (() => void) => this.core.subscribe(listener);

  /** Takes over the element the page's first tap started (live.ts, first-tap/first-tap.ts). */
  adopt(media: MediaLike, src: string): void {
    this.live.adopt(media, src);
  }

  /** The listener pressed play on the live stream (or the lock screen did): any track queue ends. */
  play(src: string): void {
    this.live.play(src);
  }

  setLadder(src: string | null): void {
    this.live.setLadder(src);
  }

  pickUp(): void {
    this.live.pickUp();
  }

  jumpToLive(): void {
    this.live.jumpToLive();
  }

  skipBy(seconds: number): void {
    this.live.skipBy(seconds);
  }

  seekBehindLive(seconds: number): void {
    this.live.seekBehindLive(seconds);
  }

  lowDataChanged(): void {
    this.live.lowDataChanged();
  }

  /** Plays queue[index] (the live stream stops, its ladder too); the rest of the queue follows. */
  playQueue(queue: QueueItem[], index: number): void {
    this.queue.play(queue, index);
  }

  next(): void {
    this.queue.next();
  }

  previous(): void {
    this.queue.previous();
  }

  seek(seconds: number): void {
    this.queue.seek(seconds);
  }

  skip(deltaSeconds: number): void {
    this.queue.skip(deltaSeconds);
  }

  setRate(rate: number): void {
    this.queue.setRate(rate);
  }

  setFade(fraction: number): void {
    this.core.setFade(fraction);
  }

  pause(): void {
    this.core.pause();
  }

  /** Play again what was paused: a track from its place, the live stream afresh. */
  resume(): void {
    if (this.state.index < 0) return this.play(this.state.src);
    this.queue.resume();
  }

  stop(): void {
    this.pause();
    this.core.set({ status: 'idle' });
  }

  toggleMute(): void {
    this.setMuted(!this.state.muted);
  }

  /** Play/pause of a button for `src`; another source than the one loaded starts it instead. An empty src means what is loaded. */
  toggle(src: string): void {
    const s = this.state.status;
    if (src && src !== this.state.src) return this.play(src);
    if (s === 'playing' || s === 'connecting' || s === 'reconnecting') this.pause();
    else if (this.state.index >= 0) this.resume();
    else this.play(src || this.state.src);
  }

  online(): void {
    this.core.online();
  }

  setVolume(volume: number): void {
    this.core.setVolume(volume);
  }

  setMuted(muted: boolean): void {
    this.core.setMuted(muted);
  }

  /** Seconds of the live stream played including the current stretch. */
  playedSeconds(): number {
    return this.core.meter.playedSeconds();
  }

  /** Megabytes of tracks played including the current stretch. */
  trackMegabytes(): number {
    return this.core.meter.trackMegabytes();
  }
}
