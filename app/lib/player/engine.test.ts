import { beforeEach, describe, expect, it } from 'vitest';
import { RadioEngine, currentTrack, estimateMegabytes, type EngineOptions, type MediaLike, type QueueItem } from './engine';
import { FakeTimers } from './fake-timers.test-helper';

/** A media element whose events the test fires by hand. */
class FakeMedia implements MediaLike {
  src = '';
  volume = 1;
  muted = false;
  paused = true;
  currentTime = 0;
  duration = NaN;
  loads = 0;
  playCalls = 0;
  nextPlay: 'resolve' | 'notAllowed' | 'networkError' = 'resolve';
  private handlers = new Map<string, (() => void)[]>();
  addEventListener(type: string, fn: () => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), fn]);
  }
  fire(type: string) {
    if (type === 'playing') this.paused = false;
    for (const fn of this.handlers.get(type) ?? []) fn();
  }
  play() {
    this.playCalls += 1;
    this.paused = false;
    if (this.nextPlay === 'notAllowed') return Promise.reject(Object.assign(new Error('no'), { name: 'NotAllowedError' }));
    if (this.nextPlay === 'networkError') return Promise.reject(Object.assign(new Error('net'), { name: 'NotSupportedError' }));
    return Promise.resolve();
  }
  pause() {
    this.paused = true;
  }
  load() {
    this.loads += 1;
  }
  removeAttribute(name: string) {
    if (name === 'src') this.src = '';
  }
}

const flush = () => new Promise((r) => setTimeout(r, 0));
const STREAM = 'https://radio.example/live';

describe('RadioEngine', () => {
  let media: FakeMedia;
  let timers: FakeTimers;
  let engine: RadioEngine;
  let created: number;

  beforeEach(() => {
    created = 0;
    timers = new FakeTimers();
    engine = new RadioEngine({
      createMedia: () => {
        created += 1;
        media = new FakeMedia();
        return media;
      },
      timers,
      backoffMs: [500, 1000, 4000],
      giveUpAfterMs: 60_000,
      waitingTimeoutMs: 8_000,
    });
  });

  it('plays: connecting, then playing on the media playing event', () => {
    engine.play(STREAM);
    expect(engine.state.status).toBe('connecting');
    expect(media.src).toBe(STREAM);
    media.fire('playing');
    expect(engine.state.status).toBe('playing');
  });

  it('adopts the element the first tap started: connecting, then playing on its event, and it is the one element (issue 29)', () => {
    const first = new FakeMedia();
    first.src = STREAM;
    void first.play();
    engine.adopt(first, STREAM);
    expect(engine.state).toMatchObject({ status: 'connecting', src: STREAM, index: -1 });
    first.fire('playing');
    expect(engine.state.status).toBe('playing');
    engine.toggle(STREAM);
    expect(engine.state.status).toBe('paused');
    expect(first.src).toBe('');
    engine.play(STREAM);
    expect(created).toBe(0);
    expect(first.src).toBe(STREAM);
    // A stall is heard like any other: it reconnects on the same element.
    first.fire('stalled');
    expect(engine.state.status).toBe('reconnecting');
  });

  it('adopts a stream already playing as playing, and one the listener stopped as idle; never over its own element', () => {
    const playing = new FakeMedia();
    playing.paused = false;
    playing.currentTime = 2.5;
    engine.adopt(playing, STREAM);
    expect(engine.state.status).toBe('playing');
    engine.adopt(new FakeMedia(), 'http://other.test/live');
    expect(engine.state.src).toBe(STREAM);

    const other = new RadioEngine({ createMedia: () => new FakeMedia(), timers });
    other.adopt(new FakeMedia(), STREAM);
    expect(other.state).toMatchObject({ status: 'idle', src: STREAM });
  });

  it('uses one media element, ever', () => {
    engine.play(STREAM);
    engine.pause();
    engine.play(STREAM);
    media.fire('error');
    timers.advance(10_000);
    expect(created).toBe(1);
  });

  it.each(['error', 'stalled', 'ended'])('reconnects after %s with a fresh URL and backoff', (event) => {
    engine.play(STREAM);
    media.fire('playing');
    media.fire(event);
    expect(engine.state.status).toBe('reconnecting');
    expect(engine.state.attempt).toBe(1);
    const loadsBefore = media.loads;
    timers.advance(499);
    expect(media.loads).toBe(loadsBefore);
    timers.advance(1);
    expect(media.loads).toBe(loadsBefore + 1);
    expect(media.src).toContain('reconnect=');
    media.fire('playing');
    expect(engine.state).toMatchObject({ status: 'playing', attempt: 0 });
  });

  it('treats a waiting that lasts as a stall, but not a short one', () => {
    engine.play(STREAM);
    media.fire('playing');
    media.fire('waiting');
    timers.advance(5_000);
    media.fire('playing');
    timers.advance(10_000);
    expect(engine.state.status).toBe('playing');
    media.fire('waiting');
    timers.advance(8_000);
    expect(engine.state.status).toBe('reconnecting');
  });

  it('backs off with growing delays, capped at the last one', () => {
    engine.play(STREAM);
    media.fire('playing');
    media.fire('error');
    const gaps: number[] = [];
    let last = timers.now();
    for (let i = 0; i < 5; i++) {
      const loads = media.loads;
      while (media.loads === loads) timers.advance(100);
      gaps.push(timers.now() - last);
      last = timers.now();
      media.fire('error');
    }
    expect(gaps).toEqual([500, 1000, 4000, 4000, 4000]);
  });

  it('gives up after a long outage, with nothing left scheduled, and retries on demand', () => {
    engine.play(STREAM);
    media.fire('playing');
    media.fire('error');
    for (let i = 0; i < 40 && engine.state.status !== 'failed'; i++) {
      timers.advance(4_000);
      media.fire('error');
    }
    expect(engine.state.status).toBe('failed');
    expect(timers.pending()).toBe(0);
    engine.play(STREAM);
    expect(engine.state.status).toBe('connecting');
  });

  it('resumes at once when the browser comes back online', () => {
    engine.play(STREAM);
    media.fire('playing');
    media.fire('error');
    media.fire('error'); // a second failure while already waiting changes nothing
    expect(engine.state.attempt).toBe(1);
    const loads = media.loads;
    engine.online();
    expect(media.loads).toBe(loads + 1);
    media.fire('playing');
    expect(engine.state.status).toBe('playing');
  });

  it('ignores online when the listener paused', () => {
    engine.play(STREAM);
    media.fire('playing');
    engine.pause();
    const loads = media.loads;
    engine.online();
    expect(media.loads).toBe(loads);
    expect(engine.state.status).toBe('paused');
  });

  it('pausing drops the connection and cancels reconnects', () => {
    engine.play(STREAM);
    media.fire('playing');
    media.fire('error');
    engine.pause();
    expect(media.src).toBe('');
    expect(engine.state.status).toBe('paused');
    timers.advance(60_000);
    expect(engine.state.status).toBe('paused');
    media.fire('error');
    expect(engine.state.status).toBe('paused');
  });

  /** A new engine whose media refuses play() with `outcome`, asked to play the stream. */
  const playRefusedWith = (outcome: FakeMedia['nextPlay'], options: Partial<EngineOptions> = {}) => {
    media = new FakeMedia();
    engine = new RadioEngine({
      createMedia: () => {
        media.nextPlay = outcome;
        return media;
      },
      timers,
      ...options,
    });
    engine.play(STREAM);
  };

  it('waits for a press when the browser refuses autoplay', async () => {
    playRefusedWith('notAllowed');
    await flush();
    expect(engine.state.status).toBe('paused');
    expect(timers.pending()).toBe(0);
  });

  it('reconnects when play() itself fails on the network', async () => {
    playRefusedWith('networkError', { backoffMs: [500] });
    await flush();
    expect(engine.state.status).toBe('reconnecting');
  });

  it('toggles, keeps volume and mute across reconnects, and counts played time', () => {
    engine.setVolume(0.4);
    engine.setMuted(true);
    engine.toggle(STREAM);
    expect(media.volume).toBe(0.4);
    expect(media.muted).toBe(true);
    media.fire('playing');
    timers.advance(30_000);
    engine.toggle(STREAM);
    expect(engine.state.status).toBe('paused');
    expect(engine.playedSeconds()).toBe(30);
  });
});

describe('RadioEngine track queue', () => {
  let media: FakeMedia;
  let timers: FakeTimers;
  let engine: RadioEngine;
  let lowData = false;
  const item = (n: number, low: string | null = null): QueueItem => ({
    id: `t${n}`,
    title: `Track ${n}`,
    artist: 'Artist',
    src: `/uploads/t${n}.mp3`,
    lowDataSrc: low,
    artwork: null,
    explicit: false,
  });
  const queue = [item(1, '/uploads/t1-low.m4a'), item(2), item(3)];

  beforeEach(() => {
    lowData = false;
    timers = new FakeTimers();
    engine = new RadioEngine({
      createMedia: () => (media = new FakeMedia()),
      timers,
      backoffMs: [500],
      giveUpAfterMs: 60_000,
      waitingTimeoutMs: 8_000,
      lowData: () => lowData,
    });
  });

  const loaded = (duration: number) => {
    media.duration = duration;
    media.fire('loadedmetadata');
    media.fire('playing');
  };

  it('stops the live stream and plays the track; Back to Live (play the stream) ends the queue', () => {
    engine.play(STREAM);
    media.fire('playing');
    engine.playQueue(queue, 1);
    expect(media.src).toBe('/uploads/t2.mp3');
    expect(currentTrack(engine.state)?.title).toBe('Track 2');
    loaded(200);
    expect(engine.state).toMatchObject({ status: 'playing', duration: 200, index: 1 });
    engine.play(STREAM);
    expect(media.src).toBe(STREAM);
    expect(currentTrack(engine.state)).toBeNull();
    expect(engine.state.queue).toEqual([]);
  });

  it('plays the low-data rendition in Low Data Mode when there is one, else the original', () => {
    lowData = true;
    engine.playQueue(queue, 0);
    expect(media.src).toBe('/uploads/t1-low.m4a');
    expect(engine.state.lowDataTrack).toBe(true);
    engine.next();
    expect(media.src).toBe('/uploads/t2.mp3');
    expect(engine.state.lowDataTrack).toBe(false);
  });

  it('moves on to the next track at the end, and stops after the last', () => {
    engine.playQueue(queue, 1);
    loaded(100);
    media.fire('ended');
    expect(engine.state.index).toBe(2);
    expect(media.src).toBe('/uploads/t3.mp3');
    loaded(100);
    media.fire('ended');
    expect(engine.state).toMatchObject({ status: 'paused', index: 2 });
    // An ended track is no stream failure: nothing reconnects.
    expect(timers.pending()).toBe(0);
  });

  it('previous restarts a track after its first seconds, else goes to the one before; next stops at the end', () => {
    engine.playQueue(queue, 1);
    loaded(100);
    media.currentTime = 30;
    engine.previous();
    expect(media.currentTime).toBe(0);
    expect(engine.state.index).toBe(1);
    engine.previous();
    expect(engine.state.index).toBe(0);
    engine.playQueue(queue, 2);
    engine.next();
    expect(engine.state.index).toBe(2);
  });

  it('seeks within the track and reports whole-second positions', () => {
    engine.playQueue(queue, 0);
    loaded(180);
    engine.seek(61.7);
    expect(media.currentTime).toBe(61.7);
    expect(engine.state.position).toBe(61);
    engine.seek(999);
    expect(media.currentTime).toBe(180);
    media.currentTime = 90.4;
    media.fire('timeupdate');
    expect(engine.state.position).toBe(90);
  });

  it('pausing a track keeps its place and connection; play resumes it, not the live stream', () => {
    engine.playQueue(queue, 0);
    loaded(180);
    media.currentTime = 42;
    engine.pause();
    expect(engine.state.status).toBe('paused');
    expect(media.src).toBe('/uploads/t1.mp3');
    expect(media.currentTime).toBe(42);
    engine.toggle('');
    expect(engine.state.status).toBe('connecting');
    expect(media.src).toBe('/uploads/t1.mp3');
    expect(media.currentTime).toBe(42);
    // The radio page's Listen Live is another source: it switches to the stream.
    engine.toggle(STREAM);
    expect(media.src).toBe(STREAM);
  });

  it('after a network error resumes the track where it broke off', () => {
    engine.playQueue(queue, 0);
    loaded(180);
    media.currentTime = 75;
    media.fire('error');
    expect(engine.state.status).toBe('reconnecting');
    timers.advance(500);
    expect(media.src).toMatch(/^\/uploads\/t1\.mp3\?reconnect=/);
    media.currentTime = 0;
    media.fire('loadedmetadata');
    expect(media.currentTime).toBe(75);
  });

  it('counts track data apart from the live stream, at the rendition rate in Low Data Mode', () => {
    lowData = true;
    engine.playQueue(queue, 0);
    loaded(600);
    timers.advance(100_000);
    engine.pause();
    expect(engine.trackMegabytes()).toBeCloseTo((100 * 48) / 8 / 1000, 5);
    expect(engine.playedSeconds()).toBe(0);
  });
});

describe('RadioEngine episodes', () => {
  let media: FakeMedia & { playbackRate?: number; defaultPlaybackRate?: number };
  let timers: FakeTimers;
  let engine: RadioEngine;
  const episode = (startAt?: number): QueueItem => ({
    id: 'e1',
    title: 'Sermon',
    artist: 'Morning Word',
    src: '/uploads/e1.mp3',
    lowDataSrc: '/uploads/e1-low.m4a',
    artwork: null,
    explicit: false,
    kind: 'episode',
    kbps: 64,
    lowDataKbps: 24,
    startAt,
  });

  beforeEach(() => {
    timers = new FakeTimers();
    engine = new RadioEngine({ createMedia: () => (media = new FakeMedia()), timers, backoffMs: [500], giveUpAfterMs: 60_000, waitingTimeoutMs: 8_000 });
  });

  it('starts where the listener stopped, once the file has loaded', () => {
    engine.playQueue([episode(40)], 0);
    media.duration = 600;
    media.fire('loadedmetadata');
    expect(media.currentTime).toBe(40);
  });

  it('skips 15 s back and 30 s forward within the episode', () => {
    engine.playQueue([episode()], 0);
    media.duration = 100;
    media.fire('loadedmetadata');
    media.fire('playing');
    media.currentTime = 10;
    engine.skip(-15);
    expect(media.currentTime).toBe(0);
    media.currentTime = 80;
    engine.skip(30);
    expect(media.currentTime).toBe(100);
    expect(engine.state.position).toBe(100);
  });

  it('keeps the chosen speed for the next file, and counts data at that speed', () => {
    engine.playQueue([episode()], 0);
    engine.setRate(1.5);
    expect(media.playbackRate).toBe(1.5);
    media.fire('playing');
    timers.advance(80_000);
    engine.pause();
    // 80 s at 1.5× of a 64 kbps file: 960 KB.
    expect(engine.trackMegabytes()).toBeCloseTo((80 * 64 * 1.5) / 8 / 1000, 5);
    engine.playQueue([episode()], 0);
    expect(media.playbackRate).toBe(1.5);
    expect(media.defaultPlaybackRate).toBe(1.5);
    // The live stream always plays at 1×.
    engine.play(STREAM);
    expect(media.playbackRate).toBe(1);
  });

  it('fades without changing the volume the listener chose', () => {
    engine.playQueue([episode()], 0);
    engine.setVolume(0.8);
    engine.setFade(0.5);
    expect(media.volume).toBeCloseTo(0.4);
    expect(engine.state.volume).toBe(0.8);
    engine.setFade(1);
    expect(media.volume).toBeCloseTo(0.8);
  });
});

describe('estimateMegabytes', () => {
  it('is seconds × kbps in megabytes', () => {
    expect(estimateMegabytes(3600, 128)).toBeCloseTo(57.6);
    expect(estimateMegabytes(0, 128)).toBe(0);
  });
});

describe('RadioEngine on the relayed ladder', () => {
  const T0 = Date.UTC(2026, 10, 26, 12, 0, 0);
  let medias: FakeMedia[];
  let timers: FakeTimers;
  let engine: RadioEngine;
  let attached: { media: MediaLike; src: string; lowData: boolean; capped: boolean[]; destroyed: boolean; onFatal: () => void }[];

  /** A ladder whose window is 600 s of media time from 0, the live edge at 600, date-times T0 + time. */
  beforeEach(() => {
    medias = [];
    attached = [];
    timers = new FakeTimers();
    engine = new RadioEngine({
      createMedia: () => {
        const m = new FakeMedia();
        medias.push(m);
        return m;
      },
      timers,
      lowData: () => true,
      attachLadder: async (media, src, options) => {
        const a = { media, src, lowData: options.lowData, capped: [] as boolean[], destroyed: false, onFatal: options.onFatal };
        attached.push(a);
        return {
          dateAt: (time) => (time <= 600 ? T0 + time * 1000 : null),
          timeOf: (ms) => (ms >= T0 ? (ms - T0) / 1000 : null),
          range: () => ({ start: 0, live: 600 }),
          level: () => 0,
          capLowest: (on) => a.capped.push(on),
          destroy: () => {
            a.destroyed = true;
          },
        };
      },
    });
  });

  it('starts on the direct stream, then hands off to the ladder once it plays; relay off, nothing changes', async () => {
    engine.play(STREAM);
    medias[0]!.fire('playing');
    expect(medias).toHaveLength(1);
    expect(engine.state.live).toBeNull();

    engine.setLadder('/live/master.m3u8');
    engine.play(STREAM);
    expect(medias[0]!.src).toBe(STREAM);
    medias[0]!.fire('playing');
    await flush();
    expect(attached).toHaveLength(1);
    expect(attached[0]).toMatchObject({ src: '/live/master.m3u8', lowData: true });
    const ladder = medias[1]!;
    expect(ladder.muted).toBe(true);
    expect(ladder.playCalls).toBe(1);
    // The direct stream is heard until the ladder plays.
    expect(medias[0]!.src).toBe(STREAM);
    ladder.currentTime = 590;
    ladder.fire('playing');
    expect(ladder.muted).toBe(false);
    expect(medias[0]!.src).toBe('');
    expect(engine.state.live).toEqual({ behind: 10, window: 600, level: 0 });
    expect(engine.state.status).toBe('playing');
    // Events of the dropped element are not heard.
    medias[0]!.fire('error');
    expect(engine.state.status).toBe('playing');
  });

  it('after a stall keeps where the sound stopped, reconnects the ladder, and picks up there or jumps to live', async () => {
    engine.setLadder('/live/master.m3u8');
    engine.play(STREAM);
    medias[0]!.fire('playing');
    await flush();
    const ladder = medias[1]!;
    ladder.currentTime = 500;
    ladder.fire('playing');
    ladder.fire('error');
    expect(engine.state.status).toBe('reconnecting');
    expect(engine.state.interruptedAt).toBe(T0 + 500_000);
    timers.advance(1_000);
    await flush();
    // The ladder again, on the same element.
    expect(attached).toHaveLength(2);
    expect(attached[0]!.destroyed).toBe(true);
    expect(attached[1]!.media).toBe(ladder);
    ladder.currentTime = 590;
    ladder.fire('playing');
    expect(engine.state.status).toBe('playing');
    expect(engine.state.interruptedAt).toBe(T0 + 500_000);
    engine.pickUp();
    expect(ladder.currentTime).toBe(500);
    expect(engine.state.interruptedAt).toBeNull();
    engine.skipBy(-30);
    expect(ladder.currentTime).toBe(470);
    expect(engine.state.live?.behind).toBe(130);
    engine.seekBehindLive(5_000);
    expect(ladder.currentTime).toBe(0);
    engine.jumpToLive();
    expect(ladder.currentTime).toBe(600);
    engine.lowDataChanged();
    expect(attached[1]!.capped).toEqual([true]);
    // Pausing drops the ladder; playing again starts on the direct stream.
    engine.pause();
    expect(attached[1]!.destroyed).toBe(true);
    expect(engine.state.live).toBeNull();
  });

  it('keeps the last moment heard as the drop point when the element stalls past what the playlist says, and not a moment after reconnecting', async () => {
    engine.setLadder('/live/master.m3u8');
    engine.play(STREAM);
    medias[0]!.fire('playing');
    await flush();
    const ladder = medias[1]!;
    ladder.currentTime = 580;
    ladder.fire('playing');
    ladder.currentTime = 599.5;
    ladder.fire('timeupdate');
    // The buffer ran out a little past the last fragment the playlist listed.
    ladder.currentTime = 600.3;
    ladder.fire('waiting');
    timers.advance(20_000);
    expect(engine.state.status).toBe('reconnecting');
    expect(engine.state.interruptedAt).toBe(T0 + 599_500);
    // Reconnecting fails once more before it plays at the live edge: the drop point stays.
    timers.advance(1_000);
    await flush();
    ladder.currentTime = 590;
    attached[attached.length - 1]!.onFatal();
    timers.advance(5_000);
    await flush();
    ladder.fire('playing');
    expect(engine.state.status).toBe('playing');
    expect(engine.state.interruptedAt).toBe(T0 + 599_500);
    engine.pickUp();
    expect(ladder.currentTime).toBe(599.5);
  });

  it('goes back to the direct stream at the next reconnect once the relay is turned off', async () => {
    engine.setLadder('/live/master.m3u8');
    engine.play(STREAM);
    medias[0]!.fire('playing');
    await flush();
    const ladder = medias[1]!;
    ladder.fire('playing');
    expect(engine.state.live).not.toBeNull();
    engine.setLadder(null);
    ladder.fire('error');
    timers.advance(1_000);
    await flush();
    expect(attached).toHaveLength(1);
    expect(attached[0]!.destroyed).toBe(true);
    expect(engine.state.live).toBeNull();
    expect(ladder.src).toContain(STREAM);
  });

  it('stays on the direct stream when the ladder cannot start', async () => {
    engine.setLadder('/live/master.m3u8');
    engine.play(STREAM);
    medias[0]!.fire('playing');
    await flush();
    attached[0]!.onFatal();
    expect(attached[0]!.destroyed).toBe(true);
    medias[1]!.fire('playing');
    expect(engine.state.live).toBeNull();
    expect(medias[0]!.src).toBe(STREAM);
    expect(engine.state.status).toBe('playing');
  });

  it('leaves the ladder for an episode played while the relayed stream plays on it, and plays the episode', async () => {
    engine.setLadder('/live/master.m3u8');
    engine.play(STREAM);
    medias[0]!.fire('playing');
    await flush();
    const ladder = medias[1]!;
    ladder.fire('playing');
    expect(engine.state.live).not.toBeNull();
    const episode: QueueItem = { id: 'e1', title: 'Episode', artist: 'Show', src: '/out/e1.mp3', lowDataSrc: null, artwork: null, explicit: false, kind: 'episode' };
    engine.playQueue([episode], 0);
    await flush();
    expect(attached).toHaveLength(1);
    expect(attached[0]!.destroyed).toBe(true);
    expect(engine.state.live).toBeNull();
    expect(ladder.src).toBe('/out/e1.mp3');
    expect(engine.state).toMatchObject({ status: 'connecting', index: 0 });
  });
});
