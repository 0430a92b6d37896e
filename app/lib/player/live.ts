/**
 * The live stream's part of the player, on its core (core.ts): the direct stream, the relay's HLS ladder
 * with its hand-off from the direct stream (docs/live-relay.md), and rewinding on the ladder's
 * window (pick up where the sound stopped, skip, scrub, back to live). Adopting the element
 * the page's first tap started (first-tap/) is the live stream's too.
 *
 * The direct stream goes onto the element by `loadStream`: its plain src unless the player is
 * given another way. The app's player (player.ts) passes the feed through Media Source
 * Extensions the page's first tap uses too (live-feed.ts), so every play of the live stream is
 * fed, with nothing else in the player changing: a pause or a reconnect takes the element's
 * source away, which closes the feed and its request, and a failed feed is the element's error.
 */

import type { LadderHandle } from './live-ladder';
import { dropSource, PlayerCore, type ConnectStatus, type CoreOptions, type LoadSource } from './core';
import type { EngineStatus, LiveWindow, MediaLike } from './state';

export interface LiveOptions {
  /** Whether Low Data Mode is on now: the ladder then keeps to its lowest rung. */
  lowData?: () => boolean;
  /** Plays an HLS ladder on a media element (app/lib/player/live-ladder.ts); without it the relay is not used. */
  attachLadder?: (media: MediaLike, src: string, options: { lowData: boolean; onFatal: () => void }) => Promise<LadderHandle>;
  /** How the direct stream's URL goes onto the element (see above); the plain src when not given. */
  loadStream?: LoadSource;
}

/** The core with the live stream's hooks; the queue (queue.ts) builds on it. */
export abstract class LivePlayer<O extends CoreOptions & LiveOptions> extends PlayerCore<O> {
  /** The relay's master playlist for the live stream (setLadder), or null when the relay is off. */
  private ladderSrc: string | null = null;
  /** The ladder on the core's element while the live stream plays from it. */
  private ladder: LadderHandle | null = null;
  /** The program date-time last heard on the ladder: the drop point when a stall leaves the element past what the playlist says. */
  private lastHeardDate: number | null = null;
  /** A ladder being readied on a second element while the direct stream plays (the hand-off). */
  private handoff: { media: MediaLike; cancel: () => void } | null = null;


  /**
   * Takes over a media element that the page started for the live stream `src` before the app
   * ran (the first tap, app/lib/player/first-tap/): it becomes the one element, playing,
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
    this.begin();
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
    if (media.paused) this.playMedia(media);
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
    this.ladder?.capLowest(this.lowData());
  }

  protected load(media: MediaLike, status: ConnectStatus): void {
    media.defaultPlaybackRate = 1;
    if (this.state.live && this.ladderSrc && this.options.attachLadder) return this.connectLadder(media, status);
    // The relay was turned off while its ladder played: the direct stream again, on a clean element.
    if (this.ladder || this.state.live) this.leave();
    this.startSrc(media, status, 1, this.options.loadStream);
  }

  /** Off the ladder: the hand-off under way cancelled, the ladder destroyed. */
  protected leave(): void {
    this.lastHeardDate = null;
    this.handoff?.cancel();
    this.handoff = null;
    this.ladder?.destroy();
    this.ladder = null;
    if (this.state.live) this.set({ live: null });
  }

  protected release(media: MediaLike | null): void {
    this.leave();
    if (media) dropSource(media);
  }

  protected afterPlaying(): void {
    if (this.state.index < 0 && !this.state.live && !this.handoff && this.ladderSrc && this.options.attachLadder) this.readyLadder(this.ladderSrc);
  }

  protected onTime(): void {
    const media = this.media;
    if (!this.ladder || !media) return;
    const state = this.state;
    if (state.status === 'playing') this.lastHeardDate = this.ladder.dateAt(media.currentTime) ?? this.lastHeardDate;
    const range = this.ladder.range();
    const live: LiveWindow = range
      ? { behind: Math.max(0, Math.round(range.live - media.currentTime)), window: Math.round(range.live - range.start), level: this.ladder.level() }
      : { behind: 0, window: 0, level: this.ladder.level() };
    const was = state.live;
    if (!was || was.behind !== live.behind || was.window !== live.window || was.level !== live.level) this.set({ live });
  }

  /** A live stream has no end: its end is a trouble. */
  protected onEnded(): void {
    this.onTrouble();
  }

  /**
   * On the ladder, where the sound stopped (by the program date-time) is kept to pick up from:
   * only when it was playing (a trouble while reconnecting is not a new drop point), and the
   * last date heard when the element stopped where the playlist no longer says.
   */
  protected beforeRetry(was: EngineStatus): void {
    const media = this.media;
    if (this.ladder && media && this.state.interruptedAt === null && was === 'playing') {
      const at = this.ladder.dateAt(media.currentTime) ?? this.lastHeardDate;
      if (at !== null) this.set({ interruptedAt: at });
    }
  }

  protected lowData(): boolean {
    return this.options.lowData?.() ?? false;
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
      if (old) dropSource(old);
      this.set({ live: { behind: 0, window: 0, level: handle.level() } });
      this.onTime();
    });
    attach(next, src, { lowData: this.lowData(), onFatal: () => (this.handoff?.media === next ? cancel() : this.onTrouble()) }).then(
      (h) => {
        if (cancelled) return h.destroy();
        handle = h;
        next.play().catch(() => cancel());
      },
      () => cancel(),
    );
  }

  /** (Re)connects the ladder on the element, at the live edge; a pick-up is the listener's to ask for. */
  private connectLadder(media: MediaLike, status: ConnectStatus): void {
    this.ladder?.destroy();
    this.ladder = null;
    this.set({ status });
    const attempt = this.state.attempt;
    this.options.attachLadder!(media, this.ladderSrc!, { lowData: this.lowData(), onFatal: () => this.onTrouble() }).then(
      (handle) => {
        if (this.state.attempt !== attempt || this.state.status !== status || this.media !== media) return handle.destroy();
        this.ladder = handle;
        this.playMedia(media);
      },
      () => this.onTrouble(),
    );
    this.armWaitingTimer();
  }
}
