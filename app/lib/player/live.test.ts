import { beforeEach, describe, expect, it } from 'vitest';
import { RadioEngine, type MediaLike, type QueueItem } from './engine';
import { FakeMedia, flush, STREAM } from './fake-media.test-helper';
import { FakeTimers } from './fake-timers.test-helper';

// The live stream on the relay's ladder (live.ts): the hand-off, stalls and picking up, the relay
// turned off, a ladder that cannot start, and an episode played while on the ladder.

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

  /** The relayed stream played: it starts on the direct stream and readies the ladder on a second element, returned. */
  async function handOff(): Promise<FakeMedia> {
    engine.setLadder('/live/master.m3u8');
    engine.play(STREAM);
    medias[0]!.fire('playing');
    await flush();
    return medias[1]!;
  }

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
    const ladder = await handOff();
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
    const ladder = await handOff();
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
    const ladder = await handOff();
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
    await handOff();
    attached[0]!.onFatal();
    expect(attached[0]!.destroyed).toBe(true);
    medias[1]!.fire('playing');
    expect(engine.state.live).toBeNull();
    expect(medias[0]!.src).toBe(STREAM);
    expect(engine.state.status).toBe('playing');
  });

  it('leaves the ladder for an episode played while the relayed stream plays on it, and plays the episode', async () => {
    const ladder = await handOff();
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
