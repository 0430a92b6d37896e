import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NowPlaying } from '../../../domain/now-playing';
import type { Tenant } from '../../../domain/tenants';
import { etagOf, nowPlayingHub, type Snapshot, type Subscriber } from './now-playing.hub';

const answer = (title: string, listeners: number | null = 1): NowPlaying => ({
  nowPlaying: { title, artist: 'Artist', art: null },
  history: [],
  listeners,
  show: null,
});

function subscriber(lastId: string | null = null) {
  const sent: Snapshot[] = [];
  let beats = 0;
  const s: Subscriber & { sent: Snapshot[]; beats: () => number } = {
    lastId,
    sent,
    beats: () => beats,
    send: (snapshot) => sent.push(snapshot),
    heartbeat: () => {
      beats += 1;
    },
  };
  return s;
}

describe('now-playing hub', () => {
  let current: Record<Tenant, NowPlaying>;
  let reads: number;
  let now: number;
  let failing: boolean;
  const read = vi.fn(async (tenant: Tenant) => {
    reads += 1;
    if (failing) throw new Error('database away');
    return current[tenant];
  });
  const makeHub = () => nowPlayingHub(read, { checkMs: 5_000, heartbeatMs: 25_000, listenersOnlyMinMs: 60_000, now: () => now });

  beforeEach(() => {
    vi.useFakeTimers();
    // Minute boundaries (the hub's own look at the schedule) fall on multiples of 60 s.
    vi.setSystemTime(0);
    current = { watzhott: answer('One'), caribbean: answer('Praise') };
    reads = 0;
    now = 0;
    failing = false;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const advance = async (ms: number) => {
    now += ms;
    await vi.advanceTimersByTimeAsync(ms);
  };

  it('runs no timer and reads nothing while nobody listens; while listening, reads on subscribe, on a change and once a minute', async () => {
    const ticks: Tenant[] = [];
    const hub = nowPlayingHub(read, {
      checkMs: 10_000,
      heartbeatMs: 25_000,
      listenersOnlyMinMs: 60_000,
      now: () => now,
      tick: async (tenant) => void ticks.push(tenant),
    });
    expect(hub.active()).toBe(false);
    hub.changed('watzhott');
    hub.changed(null);
    await advance(60_000);
    expect(reads).toBe(0);
    expect(ticks).toEqual([]);

    vi.setSystemTime(0);
    const s = subscriber();
    const leave = await hub.subscribe('watzhott', s);
    expect(hub.active()).toBe(true);
    expect(reads).toBe(1);
    // No polling: 50 s pass with one read, while the upstream gets its chance every 10 s.
    await advance(50_000);
    expect(reads).toBe(1);
    expect(ticks).toEqual(Array(5).fill('watzhott'));
    hub.changed('caribbean');
    await advance(0);
    expect(reads).toBe(1);
    hub.changed('watzhott');
    await advance(0);
    expect(reads).toBe(2);
    hub.changed(null);
    await advance(0);
    expect(reads).toBe(3);
    // The minute boundary.
    await advance(10_100);
    expect(reads).toBe(4);
    leave();
    expect(hub.active()).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    await advance(60_000);
    expect(reads).toBe(4);
  });

  it('sends the current answer on subscribe (unless the client has it), then only changes', async () => {
    const hub = makeHub();
    const fresh = subscriber();
    const known = subscriber(etagOf(JSON.stringify(current.watzhott)));
    await hub.subscribe('watzhott', fresh);
    await hub.subscribe('watzhott', known);
    expect(fresh.sent.map((s) => s.answer.nowPlaying.title)).toEqual(['One']);
    expect(known.sent).toEqual([]);

    hub.changed('watzhott');
    await advance(20_000);
    expect(fresh.sent).toHaveLength(1);

    current.watzhott = answer('Two');
    hub.changed('watzhott');
    await advance(0);
    expect(fresh.sent.map((s) => s.answer.nowPlaying.title)).toEqual(['One', 'Two']);
    expect(known.sent.map((s) => s.answer.nowPlaying.title)).toEqual(['Two']);
    expect(fresh.sent[1]!.id).toBe(etagOf(fresh.sent[1]!.json));
  });

  it('reads again when a change arrives while a read is under way (that read may predate it)', async () => {
    let release: () => void = () => {};
    let slowReads = 0;
    const slow = (tenant: Tenant) =>
      new Promise<NowPlaying>((resolve) => {
        slowReads += 1;
        const value = current[tenant];
        release = () => resolve(value);
      });
    const hub = nowPlayingHub(slow, { checkMs: 10_000, heartbeatMs: 25_000, listenersOnlyMinMs: 60_000, now: () => now });
    const s = subscriber();
    const subscribed = hub.subscribe('watzhott', s);
    release();
    await subscribed;
    hub.changed('watzhott');
    current.watzhott = answer('Changed meanwhile');
    hub.changed('watzhott');
    release();
    await advance(0);
    expect(slowReads).toBe(3);
    release();
    await advance(0);
    expect(s.sent.map((x) => x.answer.nowPlaying.title)).toEqual(['One', 'Changed meanwhile']);
  });

  it('heartbeats every subscriber of a tenant every heartbeatMs', async () => {
    const hub = makeHub();
    const a = subscriber();
    const b = subscriber();
    await hub.subscribe('watzhott', a);
    await hub.subscribe('caribbean', b);
    await advance(25_000);
    expect([a.beats(), b.beats()]).toEqual([1, 1]);
    await advance(50_000);
    expect([a.beats(), b.beats()]).toEqual([3, 3]);
  });

  it('holds a change of the listener count alone for a minute after the last event, never a song change', async () => {
    now = 1_000_000;
    const hub = makeHub();
    const s = subscriber();
    await hub.subscribe('watzhott', s);
    current.watzhott = answer('One', 2);
    hub.changed('watzhott');
    await advance(30_000);
    expect(s.sent).toHaveLength(1);
    current.watzhott = answer('One', 3);
    hub.changed('watzhott');
    await advance(0);
    expect(s.sent).toHaveLength(1);
    // The hub's look at the minute boundary, a minute after the last event, sends it.
    await advance(30_100);
    expect(s.sent.map((x) => x.answer.listeners)).toEqual([1, 3]);

    current.watzhott = answer('Two', 3);
    hub.changed('watzhott');
    await advance(0);
    expect(s.sent.map((x) => x.answer.nowPlaying.title)).toEqual(['One', 'One', 'Two']);
    // A newcomer gets the latest count at once.
    current.watzhott = answer('Two', 9);
    const late = subscriber();
    await hub.subscribe('watzhott', late);
    expect(late.sent[0]!.answer.listeners).toBe(9);
  });

  it('keeps going when a read fails, and rejects a subscribe it cannot serve', async () => {
    const errors: unknown[] = [];
    const hub = nowPlayingHub(read, { checkMs: 5_000, heartbeatMs: 25_000, listenersOnlyMinMs: 60_000, now: () => now, onError: (e) => errors.push(e) });
    const s = subscriber();
    await hub.subscribe('watzhott', s);
    failing = true;
    hub.changed('watzhott');
    await advance(0);
    expect(errors).toHaveLength(1);
    await expect(hub.subscribe('watzhott', subscriber())).rejects.toThrow('database away');
    expect(hub.listening('watzhott')).toBe(1);
    failing = false;
    current.watzhott = answer('Back');
    hub.changed(null);
    await advance(0);
    expect(s.sent.map((x) => x.answer.nowPlaying.title)).toEqual(['One', 'Back']);
  });

  it('shares one read between a check and the streams opening meanwhile', async () => {
    let release: () => void = () => {};
    const slow = vi.fn(
      (tenant: Tenant) =>
        new Promise<NowPlaying>((resolve) => {
          release = () => resolve(current[tenant]);
        }),
    );
    const hub = nowPlayingHub(slow, { checkMs: 5_000, heartbeatMs: 25_000, listenersOnlyMinMs: 60_000, now: () => now });
    const subscribes = [hub.subscribe('watzhott', subscriber()), hub.subscribe('watzhott', subscriber()), hub.subscribe('watzhott', subscriber())];
    release();
    await Promise.all(subscribes);
    expect(slow).toHaveBeenCalledTimes(1);
  });
});
