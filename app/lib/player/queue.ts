/**
 * The queue's part of the player (core.ts): an artist's tracks or Listen Again's episodes. A
 * track has a position and can seek (and skip 15 s back, 30 s forward), plays at the chosen
 * speed, resumes where the listener stopped (an episode's saved place, or where a reconnect
 * broke off), keeps its place and connection when paused, and its end moves on to the next.
 * Playing the live stream again ends the queue (live.ts). The sleep timer (sleep-timer.ts)
 * fades and pauses whatever plays, through the core.
 */

import type { ConnectStatus, PlayerCore, PlayerPart } from './core';
import type { MediaLike, QueueItem } from './state';

export interface QueueOptions {
  /** Whether Low Data Mode is on now: a track then plays its rendition when it has one. */
  lowData?: () => boolean;
}

export class QueuePlayer implements PlayerPart {
  /** Where a track resumes once its media has loaded (after a reconnect). */
  private resumeAt: number | null = null;

  constructor(
    private readonly core: PlayerCore,
    private readonly options: QueueOptions,
  ) {}

  /** Plays queue[index] (the live stream stops); the rest of the queue follows. */
  play(queue: QueueItem[], index: number): void {
    const item = queue[index];
    if (!item) return;
    this.core.begin();
    this.resumeAt = item.startAt && item.startAt > 0 ? item.startAt : null;
    const low = Boolean(item.lowDataSrc) && (this.options.lowData?.() ?? false);
    this.core.set({ src: low ? item.lowDataSrc! : item.src, lowDataTrack: low, attempt: 0, queue, index, position: 0, duration: 0 });
    this.core.connect('connecting');
  }

  next(): void {
    const { index, queue } = this.core.state;
    if (index >= 0 && index + 1 < queue.length) this.play(queue, index + 1);
  }

  /** Like a CD player: back to the start of the track after its first seconds, else the one before. */
  previous(): void {
    const { index, queue } = this.core.state;
    if (index < 0) return;
    if (index === 0 || this.position() > 3) this.seek(0);
    else this.play(queue, index - 1);
  }

  seek(seconds: number): void {
    const state = this.core.state;
    if (state.index < 0) return;
    const end = state.duration > 0 ? state.duration : Infinity;
    const to = Math.max(0, Math.min(end, seconds));
    const media = this.core.media;
    if (media && media.src) media.currentTime = to;
    else this.resumeAt = to;
    this.core.set({ position: Math.floor(to) });
  }

  /** 15 s back, 30 s forward: relative to where the track is now. */
  skip(deltaSeconds: number): void {
    if (this.core.state.index < 0) return;
    this.seek(this.position() + deltaSeconds);
  }

  /** Playback speed of tracks and episodes; kept for the next one. */
  setRate(rate: number): void {
    const media = this.core.media;
    if (media) {
      media.playbackRate = rate;
      media.defaultPlaybackRate = rate;
    }
    this.core.set({ rate });
  }

  /** Play again the track that was paused, from its place. */
  resume(): void {
    const core = this.core;
    const state = core.state;
    const media = core.media;
    if (!media || !media.src || state.status === 'failed') {
      this.resumeAt = state.position;
      return this.play(state.queue, state.index);
    }
    if (state.duration > 0 && state.position >= state.duration) media.currentTime = 0;
    core.set({ status: 'connecting' });
    core.playMedia(media);
    core.armWaitingTimer();
  }

  connect(media: MediaLike, status: ConnectStatus): void {
    // A new src resets the speed to the default rate: both carry the listener's choice.
    media.defaultPlaybackRate = this.core.state.rate;
    this.core.startSrc(media, status, this.core.state.rate);
  }

  leave(): void {
    this.resumeAt = null;
  }

  /** A paused track keeps its place and its connection. */
  pause(media: MediaLike | null): void {
    media?.pause();
  }

  playing(): void {}

  time(): void {
    const media = this.core.media;
    if (!media) return;
    // Whole seconds: the bar redraws once a second, not at every timeupdate.
    const position = Math.floor(media.currentTime);
    if (position !== this.core.state.position) this.core.set({ position });
  }

  metadata(): void {
    const media = this.core.media;
    if (!media) return;
    if (this.resumeAt !== null && Number.isFinite(media.duration)) {
      media.currentTime = this.resumeAt;
      this.resumeAt = null;
    }
    const duration = Number.isFinite(media.duration) ? media.duration : 0;
    if (duration !== this.core.state.duration) this.core.set({ duration });
  }

  ended(): void {
    const core = this.core;
    core.clearTimers();
    core.meter.stop();
    const { index, queue, duration, position } = core.state;
    if (index + 1 < queue.length) return this.next();
    core.set({ status: 'paused', position: duration || position });
  }

  /** A track picks up where it broke off. */
  troubled(): void {
    if (this.resumeAt === null) this.resumeAt = this.position();
  }

  online(): void {
    this.resumeAt = this.core.state.position;
  }

  private position(): number {
    const media = this.core.media;
    return media && media.src ? media.currentTime : this.core.state.position;
  }
}
