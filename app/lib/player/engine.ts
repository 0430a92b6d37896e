/**
 * The app's one audio engine as a state machine over a media element, so the same code
 * runs on a real <audio> and on a fake in tests. It survives dead zones: on error, stall,
 * a waiting that lasts or an ended live stream it reconnects with backoff, resumes at once
 * when the browser says it is online again, and gives up after a long outage.
 *
 * Besides the live stream it plays a queue of tracks (an artist's approved tracks): a track
 * has a position and can seek, pausing keeps its place, a reconnect resumes where it broke
 * off, and its end moves on to the next. Playing the live stream again ends the queue.
 */

import { MIN_AUDIO_KBPS, TRACK_LOW_DATA_KBPS } from '../../../domain/renditions';
import type { LadderHandle } from './live-ladder';

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

export interface EngineOptions {
  createMedia: () => MediaLike;
  timers?: Timers;
  /** Delays before each reconnect attempt: fast first tries, then the last value repeats. */
  backoffMs?: number[];
  /** Give up when the stream has not played for this long. */
  giveUpAfterMs?: number;
  /** A 'waiting' longer than this counts as a stall. */
  waitingTimeoutMs?: number;
  /** Whether Low Data Mode is on now: a track then plays its rendition when it has one. */
  lowData?: () => boolean;
  /** Plays an HLS ladder on a media element (app/lib/player/live-ladder.ts); without it the relay is not used. */
  attachLadder?: (media: MediaLike, src: string, options: { lowData: boolean; onFatal: () => void }) => Promise<LadderHandle>;
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
  state: EngineState = {
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
  /** The sleep timer's fade (1 = the listener's volume); never stored as the volume. */
  private fade = 1;
  private media: MediaLike | null = null;
  /** The relay's master playlist for the live stream (setLadder), or null when the relay is off. */
  private ladderSrc: string | null = null;
  /** The ladder on this.media while the live stream plays from it. */
  private ladder: LadderHandle | null = null;
  /** The program date-time last heard on the ladder: the drop point when a stall leaves the element past what the playlist says. */
  private lastHeardDate: number | null = null;
  /** A ladder being readied on a second element while the direct stream plays (the hand-off). */
  private handoff: { media: MediaLike; cancel: () => void } | null = null;
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
  /** Where a track resumes once its media has loaded (after a reconnect). */
  private resumeAt: number | null = null;

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
    this.media = this.wire(this.options.createMedia());
    return this.media;
  }

  /** The engine's listeners on a media element; an element that is not (or no longer) the one playing is not heard. */
  private wire(media: MediaLike): MediaLike {
    const on = (type: string, fn: () => void) => media.addEventListener(type, () => media === this.media && fn());
    on('playing', () => this.onPlaying());
    on('waiting', () => this.onWaiting());
    for (const type of ['error', 'stalled']) on(type, () => this.onTrouble());
    on('ended', () => (this.state.index >= 0 ? this.onTrackEnded() : this.onTrouble()));
    on('timeupdate', () => this.onTime());
    for (const type of ['loadedmetadata', 'durationchange']) on(type, () => this.onMetadata());
    return media;
  }

  /**
   * Takes over a media element that the page started for the live stream `src` before the app
   * ran (the first tap, app/lib/player/first-tap.ts): it becomes the one element, playing,
   * connecting or, when the listener already stopped it, idle. Only when none was made yet.
   */
  adopt(media: MediaLike, src: string): void {
    if (this.media || !src) return;
    this.media = this.wire(media);
    this.set({ src, attempt: 0, queue: [], index: -1, position: 0, duration: 0, lowDataTrack: false });
    if (media.paused) return;
    if (media.currentTime > 0) return this.onPlaying();
    this.set({ status: 'connecting' });
    this.armWaitingTimer();
  }

  /** The listener pressed play on the live stream (or the lock screen did): any track queue ends. */
  play(src: string): void {
    if (!src) return;
    this.clearTimers();
    this.stopClock();
    this.leaveLadder();
    this.outageSince = null;
    this.resumeAt = null;
    this.set({ src, attempt: 0, queue: [], index: -1, position: 0, duration: 0, lowDataTrack: false, interruptedAt: null });
    this.connect('connecting');
  }

  /**
   * The relay's master playlist for the live stream, or null when the tenant's relay is off.
   * The live stream still starts on its direct URL (the quickest first sound); once it plays,
   * the ladder is readied on a second element and takes over (docs/live-relay.md).
   */
  setLadder(src: string | null): void {
    this.ladderSrc = src;
  }

  /** After a stall or dead zone: back to the moment the sound stopped. */
  pickUp(): void {
    const at = this.state.interruptedAt;
    const media = this.media;
    if (at === null || !this.ladder || !media) return;
    const time = this.ladder.timeOf(at);
    this.set({ interruptedAt: null });
    if (time !== null) media.currentTime = time;
    if (media.paused) media.play().catch((err: unknown) => this.onPlayRejected(err));
  }

  jumpToLive(): void {
    const range = this.ladder?.range();
    this.set({ interruptedAt: null });
    if (range && this.media) this.media.currentTime = range.live;
  }

  /** Back (negative: forward) by seconds on the ladder, within its window. */
  skipBy(seconds: number): void {
    const range = this.ladder?.range();
    if (!range || !this.media) return;
    this.media.currentTime = Math.max(range.start, Math.min(range.live, this.media.currentTime + seconds));
    this.onTime();
  }

  /** The scrubber: play from this many seconds behind the live edge. */
  seekBehindLive(seconds: number): void {
    const range = this.ladder?.range();
    if (!range || !this.media) return;
    this.media.currentTime = Math.max(range.start, range.live - Math.max(0, seconds));
    this.onTime();
  }

  /** Low Data Mode changed: the ladder keeps to its lowest rung while it is on. */
  lowDataChanged(): void {
    this.ladder?.capLowest(this.options.lowData?.() ?? false);
  }

  /** Plays queue[index] (the live stream stops); the rest of the queue follows. */
  playQueue(queue: QueueItem[], index: number): void {
    const item = queue[index];
    if (!item) return;
    this.clearTimers();
    this.stopClock();
    this.outageSince = null;
    this.resumeAt = item.startAt && item.startAt > 0 ? item.startAt : null;
    const low = Boolean(item.lowDataSrc) && (this.options.lowData?.() ?? false);
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

  /** The sleep timer's fade: the sound at this share of the listener's volume. */
  setFade(fraction: number): void {
    this.fade = Math.min(1, Math.max(0, fraction));
    if (this.media) this.media.volume = this.state.volume * this.fade;
  }

  /** Pausing a live stream also drops the connection, so a paused radio costs no data; a paused track keeps its place. */
  pause(): void {
    this.clearTimers();
    this.stopClock();
    this.leaveLadder();
    const media = this.media;
    if (media && this.state.index >= 0) {
      media.pause();
    } else if (media) {
      media.pause();
      media.removeAttribute('src');
      media.load();
    }
    this.outageSince = null;
    this.set({ status: this.state.status === 'idle' ? 'idle' : 'paused', attempt: 0 });
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
    media.play().catch((err: unknown) => this.onPlayRejected(err));
    this.armWaitingTimer();
  }

  stop(): void {
    this.pause();
    this.set({ status: 'idle' });
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

  /** The browser's online event: a reconnect waiting on its backoff goes now. */
  online(): void {
    if (this.state.status === 'reconnecting' || this.state.status === 'failed') {
      this.clearTimers();
      if (this.state.status === 'failed') this.outageSince = this.timers.now();
      if (this.state.index >= 0) this.resumeAt = this.state.position;
      this.connect('reconnecting');
    }
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

  /** Seconds of the live stream played including the current stretch. */
  playedSeconds(): number {
    if (this.state.index >= 0) return this.state.playedSeconds;
    const live = this.playingSince === null ? 0 : (this.timers.now() - this.playingSince) / 1000;
    return this.state.playedSeconds + live;
  }

  /** Megabytes of tracks played including the current stretch. */
  trackMegabytes(): number {
    const stretch = this.state.index >= 0 && this.playingSince !== null ? ((this.timers.now() - this.playingSince) / 1000) * this.trackKbps() : 0;
    return (this.state.trackKilobits + stretch) / 8 / 1000;
  }

  /** Kilobits per second of listening: the file's rate, times the speed (1.5× moves 1.5× the bytes). */
  private trackKbps(): number {
    const item = currentTrack(this.state);
    const kbps = this.state.lowDataTrack ? (item?.lowDataKbps ?? TRACK_LOW_DATA_KBPS) : (item?.kbps ?? MIN_AUDIO_KBPS);
    return kbps * this.state.rate;
  }

  private currentPosition(): number {
    return this.media && this.media.src ? this.media.currentTime : this.state.position;
  }

  private connect(status: 'connecting' | 'reconnecting'): void {
    const media = this.element();
    media.volume = this.state.volume * this.fade;
    media.muted = this.state.muted;
    // A new src resets the speed to the default rate: both carry the listener's choice.
    media.defaultPlaybackRate = this.state.index >= 0 ? this.state.rate : 1;
    if (this.state.live && this.ladderSrc && this.options.attachLadder) return this.connectLadder(media, status);
    // The relay was turned off while its ladder played: the direct stream again, on a clean element.
    if (this.ladder || this.state.live) this.leaveLadder();
    // A fresh URL each time, so no cache or half-dead connection is reused.
    const sep = this.state.src.includes('?') ? '&' : '?';
    media.src = this.state.attempt === 0 ? this.state.src : `${this.state.src}${sep}reconnect=${this.timers.now()}`;
    media.load();
    media.playbackRate = this.state.index >= 0 ? this.state.rate : 1;
    this.set({ status });
    media.play().catch((err: unknown) => this.onPlayRejected(err));
    this.armWaitingTimer();
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

  private onMetadata(): void {
    const media = this.media;
    if (!media || this.state.index < 0) return;
    if (this.resumeAt !== null && Number.isFinite(media.duration)) {
      media.currentTime = this.resumeAt;
      this.resumeAt = null;
    }
    const duration = Number.isFinite(media.duration) ? media.duration : 0;
    if (duration !== this.state.duration) this.set({ duration });
  }

  private onTime(): void {
    if (this.ladder && this.media) {
      if (this.state.status === 'playing') this.lastHeardDate = this.ladder.dateAt(this.media.currentTime) ?? this.lastHeardDate;
      const range = this.ladder.range();
      const live: LiveWindow = range
        ? { behind: Math.max(0, Math.round(range.live - this.media.currentTime)), window: Math.round(range.live - range.start), level: this.ladder.level() }
        : { behind: 0, window: 0, level: this.ladder.level() };
      const was = this.state.live;
      if (!was || was.behind !== live.behind || was.window !== live.window || was.level !== live.level) this.set({ live });
      return;
    }
    if (this.state.index < 0 || !this.media) return;
    // Whole seconds: the bar redraws once a second, not at every timeupdate.
    const position = Math.floor(this.media.currentTime);
    if (position !== this.state.position) this.set({ position });
  }

  private onTrackEnded(): void {
    this.clearTimers();
    this.stopClock();
    if (this.state.index + 1 < this.state.queue.length) return this.next();
    this.set({ status: 'paused', position: this.state.duration || this.state.position });
  }

  private onPlaying(): void {
    this.clearTimers();
    this.outageSince = null;
    if (this.playingSince === null) this.playingSince = this.timers.now();
    this.set({ status: 'playing', attempt: 0 });
    if (this.state.index < 0 && !this.state.live && !this.handoff && this.ladderSrc && this.options.attachLadder) this.readyLadder(this.ladderSrc);
  }

  /**
   * The hand-off: the ladder loads on a second, muted element while the direct stream plays;
   * when it plays, it is heard and the direct stream is dropped. Should it fail, the direct
   * stream simply goes on.
   */
  private readyLadder(src: string): void {
    const attach = this.options.attachLadder!;
    const next = this.wire(this.options.createMedia());
    next.muted = true;
    let handle: LadderHandle | null = null;
    let cancelled = false;
    const cancel = () => {
      cancelled = true;
      this.timers.clearTimeout(giveUp);
      handle?.destroy();
      next.pause();
      if (this.handoff?.media === next) this.handoff = null;
    };
    const giveUp = this.timers.setTimeout(cancel, 30_000);
    this.handoff = { media: next, cancel };
    next.addEventListener('playing', () => {
      if (cancelled || this.handoff?.media !== next || this.state.status !== 'playing' || !handle) return;
      this.timers.clearTimeout(giveUp);
      this.handoff = null;
      const old = this.media;
      this.media = next;
      this.ladder = handle;
      next.volume = this.state.volume;
      next.muted = this.state.muted;
      if (old) {
        old.pause();
        old.removeAttribute('src');
        old.load();
      }
      this.set({ live: { behind: 0, window: 0, level: handle.level() } });
      this.onTime();
    });
    attach(next, src, { lowData: this.options.lowData?.() ?? false, onFatal: () => (this.handoff?.media === next ? cancel() : this.onTrouble()) }).then(
      (h) => {
        if (cancelled) return h.destroy();
        handle = h;
        next.play().catch(() => cancel());
      },
      () => cancel(),
    );
  }

  /** (Re)connects the ladder on the element, at the live edge; a pick-up is the listener's to ask for. */
  private connectLadder(media: MediaLike, status: 'connecting' | 'reconnecting'): void {
    this.ladder?.destroy();
    this.ladder = null;
    this.set({ status });
    const attempt = this.state.attempt;
    this.options.attachLadder!(media, this.ladderSrc!, { lowData: this.options.lowData?.() ?? false, onFatal: () => this.onTrouble() }).then(
      (handle) => {
        if (this.state.attempt !== attempt || this.state.status !== status || this.media !== media) return handle.destroy();
        this.ladder = handle;
        media.play().catch((err: unknown) => this.onPlayRejected(err));
      },
      () => this.onTrouble(),
    );
    this.armWaitingTimer();
  }

  private leaveLadder(): void {
    this.lastHeardDate = null;
    this.handoff?.cancel();
    this.handoff = null;
    this.ladder?.destroy();
    this.ladder = null;
    if (this.state.live) this.set({ live: null });
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
    // On the ladder, where the sound stopped (by the program date-time) is kept to pick up from:
    // only when it was playing (a trouble while reconnecting is not a new drop point), and the
    // last date heard when the element stopped where the playlist no longer says.
    if (this.ladder && this.media && this.state.interruptedAt === null && s === 'playing') {
      const at = this.ladder.dateAt(this.media.currentTime) ?? this.lastHeardDate;
      if (at !== null) this.set({ interruptedAt: at });
    }
    const delay = this.backoff[Math.min(this.state.attempt, this.backoff.length - 1)] ?? 1_000;
    // A track picks up where it broke off.
    if (this.state.index >= 0 && this.resumeAt === null) this.resumeAt = this.currentPosition();
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
      if (this.state.index >= 0) this.set({ trackKilobits: this.state.trackKilobits + played * this.trackKbps() });
      else this.set({ playedSeconds: this.state.playedSeconds + played });
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
