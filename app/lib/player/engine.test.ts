import { beforeEach, describe, expect, it } from 'vitest';
import { RadioEngine, estimateMegabytes, type MediaLike, type Timers } from './engine';

/** A media element whose events the test fires by hand. */
class FakeMedia implements MediaLike {
  src = '';
  volume = 1;
  muted = false;
  paused = true;
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

/** Manual clock and timers. */
class FakeTimers implements Timers {
  time = 1_000_000;
  private queue: { at: number; fn: () => void; id: number }[] = [];
  private nextId = 1;
  setTimeout(fn: () => void, ms: number) {
    const id = this.nextId++;
    this.queue.push({ at: this.time + ms, fn, id });
    return id;
  }
  clearTimeout(id: unknown) {
    this.queue = this.queue.filter((t) => t.id !== id);
  }
  now() {
    return this.time;
  }
  /** Moves time on, running due timers in order. */
  advance(ms: number) {
    const end = this.time + ms;
    for (;;) {
      this.queue.sort((a, b) => a.at - b.at);
      const next = this.queue[0];
      if (!next || next.at > end) break;
      this.queue.shift();
      this.time = next.at;
      next.fn();
    }
    this.time = end;
  }
  pending() {
    return this.queue.length;
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

  it('waits for a press when the browser refuses autoplay', async () => {
    media = new FakeMedia();
    engine = new RadioEngine({
      createMedia: () => {
        media.nextPlay = 'notAllowed';
        return media;
      },
      timers,
    });
    engine.play(STREAM);
    await flush();
    expect(engine.state.status).toBe('paused');
    expect(timers.pending()).toBe(0);
  });

  it('reconnects when play() itself fails on the network', async () => {
    media = new FakeMedia();
    engine = new RadioEngine({
      createMedia: () => {
        media.nextPlay = 'networkError';
        return media;
      },
      timers,
      backoffMs: [500],
    });
    engine.play(STREAM);
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

describe('estimateMegabytes', () => {
  it('is seconds × kbps in megabytes', () => {
    expect(estimateMegabytes(3600, 128)).toBeCloseTo(57.6);
    expect(estimateMegabytes(0, 128)).toBe(0);
  });
});
