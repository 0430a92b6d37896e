/**
 * The app's one audio engine, so the same code runs on a real <audio> and on a fake in tests.
 * It is built in parts, each on the one before: the core (core.ts: the element, the status,
 * reconnecting with backoff, the data meter of meter.ts), the live stream (live.ts: the direct
 * stream, the relay's ladder, rewind, the first tap's adoption) and the queue of tracks and
 * episodes (queue.ts: seek, speed, resume). The sleep timer (sleep-timer.ts) fades and pauses
 * it from outside.
 */

import type { CoreOptions } from './core';
import type { LiveOptions } from './live';
import { QueuePlayer, type QueueOptions } from './queue';

export type { EngineState, EngineStatus, LiveWindow, MediaLike, QueueItem, Timers } from './state';
export { currentTrack } from './state';
export { estimateMegabytes, TRACK_KBPS, TRACK_LOW_DATA_KBPS } from './meter';
export { DEFAULT_BACKOFF_MS, DEFAULT_GIVE_UP_MS, DEFAULT_WAITING_TIMEOUT_MS } from './core';

export interface EngineOptions extends CoreOptions, LiveOptions, QueueOptions {}

export class RadioEngine extends QueuePlayer<EngineOptions> {
  /** Play/pause of a button for `src`; another source than the one loaded starts it instead. An empty src means what is loaded. */
  toggle(src: string): void {
    const s = this.state.status;
    if (src && src !== this.state.src) return this.play(src);
    if (s === 'playing' || s === 'connecting' || s === 'reconnecting') this.pause();
    else if (this.state.index >= 0) this.resume();
    else this.play(src || this.state.src);
  }
}
