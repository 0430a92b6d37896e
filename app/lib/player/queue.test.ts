import { beforeEach, describe, expect, it } from 'vitest';
import { RadioEngine, currentTrack, type QueueItem } from './engine';
import { FakeMedia, STREAM } from './fake-media.test-helper';
import { FakeTimers } from './fake-timers.test-helper';

// The queue (queue.ts): tracks and episodes, seek, skips, speed, resume, the sleep timer's fade
// and what tracks cost in data.

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
