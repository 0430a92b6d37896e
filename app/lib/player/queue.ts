/**
 * The queue's part of the player: an artist's tracks or Listen Again's episodes. A track has a
 * position and can seek (and skip 15 s back, 30 s forward), plays at the chosen speed, resumes
 * where the listener stopped (an episode's saved place, or where a reconnect broke off), keeps
 * its place and connection when paused, and its end moves on to the next. The queue plays
 * whenever the state has an index; otherwise each hook is the live stream's (live.ts), and
 * playing the live stream again ends the queue. The sleep timer (sleep-timer.ts) fades and
 * pauses whatever plays, through the core (core.ts).
 */

import type { ConnectStatus, CoreOptions } from './core';
import { LivePlayer, type LiveOptions } from './live';
import type { EngineStatus, MediaLike, QueueItem } from './state';

export interface QueueOptions {
  /** Whether Low Data Mode is on now: a track then plays its rendition when it has one. */
  lowData?: () => boolean;
}

/** The live stream's player with the queue's hooks; engine.ts completes it as the RadioEngine. */
export abstract class QueuePlayer<O extends CoreOptions & LiveOptions & QueueOptions> extends LivePlayer<O> {
  /** Where a track resumes once its media has loaded (after a reconnect). */
  private resumeAt: number | null = null;

  /** Plays queue[index] (the live stream stops, its ladder too); the rest of the queue follows. */
  playQueue(queue: QueueItem[], index: number): void {
    const item = queue[index];
    if (!item) return;
    this.begin();
    this.resumeAt = item.startAt && item.startAt > 0 ? item.startAt : null;
    const low = Boolean(item.lowDataSrc) && this.lowData();
    this.set({ src: low ? item.lowDataSrc! : item.src, lowDataTrack: low, attempt: 0, queue, index, position: 0, duration: 0 });
    this.connect('connecting');
  }

  next(): void {
    if (this.state.index >= 0 && this.state.index + 1 < this.state.queue.length) this.playQueue(this.state.queue, this.state.index + 1);
  }

  /** Like a CD player: back to the start of the track after its first seconds, else the one before. */
  previous(): void {
    if (this.state.index < 0) return;
    if (this.state.index === 0 || this.currentPosition() > 3) this.seek(0);
    else this.playQueue(this.state.queue, this.state.index - 1);
  }

  seek(seconds: number): void {
    if (this.state.index < 0) return;
    const end = this.state.duration > 0 ? this.state.duration : Infinity;
    const to = Math.max(0, Math.min(end, seconds));
    if (this.media && this.media.src) this.media.currentTime = to;
    else this.resumeAt = to;
    this.set({ position: Math.floor(to) });
  }

  /** 15 s back, 30 s forward: relative to where the track is now. */
  skip(deltaSeconds: number): void {
    if (this.state.index < 0) return;
    this.seek(this.currentPosition() + deltaSeconds);
  }

  /** Playback speed of tracks and episodes; kept for the next one. */
  setRate(rate: number): void {
    if (this.media) {
      this.media.playbackRate = rate;
      this.media.defaultPlaybackRate = rate;
    }
    this.set({ rate });
  }

  /** Play again what was paused: a track from its place, the live stream afresh. */
  resume(): void {
    if (this.state.index < 0) return this.play(this.state.src);
    const media = this.media;
    if (!media || !media.src || this.state.status === 'failed') {
      this.resumeAt = this.state.position;
      return this.playQueue(this.state.queue, this.state.index);
    }
    if (this.state.duration > 0 && this.state.position >= this.state.duration) media.currentTime = 0;
    this.set({ status: 'connecting' });
    this.playMedia(media);
    this.armWaitingTimer();
  }

  protected override load(media: MediaLike, status: ConnectStatus): void {
    if (this.state.index < 0) return super.load(media, status);
    // A new src resets the speed to the default rate: both carry the listener's choice.
    media.defaultPlaybackRate = this.state.rate;
    this.startSrc(media, status, this.state.rate);
  }

  /** Whatever played before (the live stream's ladder too) is left when anything begins. */
  protected override leave(): void {
    this.resumeAt = null;
    super.leave();
  }

  /** A paused track keeps its place and its connection. */
  protected override release(media: MediaLike | null): void {
    if (this.state.index < 0) return super.release(media);
    media?.pause();
  }

  protected override onTime(): void {
    if (this.state.index < 0) return super.onTime();
    if (!this.media) return;
    // Whole seconds: the bar redraws once a second, not at every timeupdate.
    const position = Math.floor(this.media.currentTime);
    if (position !== this.state.position) this.set({ position });
  }

  protected override onMetadata(): void {
    const media = this.media;
    if (!media || this.state.index < 0) return;
    if (this.resumeAt !== null && Number.isFinite(media.duration)) {
      media.currentTime = this.resumeAt;
      this.resumeAt = null;
    }
    const duration = Number.isFinite(media.duration) ? media.duration : 0;
    if (duration !== this.state.duration) this.set({ duration });
  }

  protected override onEnded(): void {
    if (this.state.index < 0) return super.onEnded();
    this.clearTimers();
    this.stopClock();
    if (this.state.index + 1 < this.state.queue.length) return this.next();
    this.set({ status: 'paused', position: this.state.duration || this.state.position });
  }

  /** A track picks up where it broke off. */
  protected override beforeRetry(was: EngineStatus): void {
    if (this.state.index < 0) return super.beforeRetry(was);
    if (this.resumeAt === null) this.resumeAt = this.currentPosition();
  }

  protected override keepPlace(): void {
    if (this.state.index >= 0) this.resumeAt = this.state.position;
  }

  private currentPosition(): number {
    return this.media && this.media.src ? this.media.currentTime : this.state.position;
  }
}
