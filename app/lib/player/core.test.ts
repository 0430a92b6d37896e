import { beforeEach, describe, expect, it } from 'vitest';
import { RadioEngine, type EngineOptions } from './engine';
import { FakeMedia, flush, STREAM } from './fake-media.test-helper';
import { FakeTimers } from './fake-timers.test-helper';

// The core (core.ts) on the live stream: one element, reconnects with backoff, giving up, online,
// pause, autoplay refused, volume and mute, the first tap's adoption and the live stream's meter.

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
    const first = Object.assign(new FakeMedia(), { src: STREAM });
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
    const playing = Object.assign(new FakeMedia(), { paused: false, currentTime: 2.5 });
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
