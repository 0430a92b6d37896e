import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isNowPlaying, type NowPlaying } from '../../domain/now-playing';
import { createNowPlayingStream, type Signal, type StreamOptions } from './now-playing-stream';

/** An EventSource the test drives: open, send, fail. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  readyState = 0;
  closed = false;
  onopen: ((ev: Event) => unknown) | null = null;
  onmessage: ((ev: MessageEvent<string>) => unknown) | null = null;
  onerror: ((ev: Event) => unknown) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  static get last(): FakeEventSource {
    return FakeEventSource.all[FakeEventSource.all.length - 1]!;
  }
  static get openCount(): number {
    return FakeEventSource.all.filter((s) => !s.closed).length;
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  send(answer: unknown, id: string) {
    this.onmessage?.({ data: JSON.stringify(answer), lastEventId: id } as MessageEvent<string>);
  }
  /** The connection dropped; the browser reconnects by itself. */
  drop() {
    this.readyState = 0;
    this.onerror?.(new Event('error'));
  }
  /** The server answered something else than 200 text/event-stream: the browser gives up. */
  refuse() {
    this.readyState = 2;
    this.onerror?.(new Event('error'));
  }
}

class Switch implements Signal {
  private listeners = new Set<() => void>();
  constructor(private value: boolean) {}
  get = () => this.value;
  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  set(value: boolean) {
    this.value = value;
    for (const l of [...this.listeners]) l();
  }
}

const song = (title: string): NowPlaying => ({ nowPlaying: { title, artist: 'Kes', art: null }, history: [], listeners: 4, show: null });
const KEY = ['np', 'watzhott'];

describe('now-playing stream', () => {
  let client: QueryClient;
  let online: Switch;
  let wanted: Switch;

  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.all = [];
    client = new QueryClient();
    online = new Switch(true);
    wanted = new Switch(true);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function make(overrides: Partial<StreamOptions<NowPlaying>> = {}) {
    return createNowPlayingStream<NowPlaying>({
      url: (lastId) => '/api/np/events' + (lastId ? `?lastEventId=${encodeURIComponent(lastId)}` : ''),
      accept: isNowPlaying,
      onAnswer: (answer) => client.setQueryData(KEY, answer),
      EventSource: FakeEventSource,
      online,
      wanted,
      ...overrides,
    });
  }

  it('opens one stream for all screens and writes each event into the now-playing query', () => {
    const stream = make();
    const releaseBar = stream.acquire();
    const releasePage = stream.acquire();
    expect(FakeEventSource.all).toHaveLength(1);
    expect(stream.status()).toBe('connecting');
    FakeEventSource.last.open();
    expect(stream.status()).toBe('open');
    FakeEventSource.last.send(song('Hello'), 'W/"a"');
    expect(client.getQueryData<NowPlaying>(KEY)?.nowPlaying.title).toBe('Hello');
    FakeEventSource.last.send({ nonsense: true }, 'W/"x"');
    expect(client.getQueryData<NowPlaying>(KEY)?.nowPlaying.title).toBe('Hello');

    releasePage();
    expect(FakeEventSource.last.closed).toBe(false);
    releaseBar();
    expect(FakeEventSource.last.closed).toBe(true);
    expect(stream.status()).toBe('off');
  });

  it('passes the id of the answer it already has, so the server does not resend it', () => {
    const stream = make();
    stream.know('W/"from-get"');
    stream.acquire();
    expect(FakeEventSource.last.url).toBe('/api/np/events?lastEventId=W%2F%22from-get%22');
  });

  it('polls when the browser has no EventSource', () => {
    const stream = make({ EventSource: undefined });
    stream.acquire();
    expect(stream.status()).toBe('polling');
  });

  it('closes offline and reopens online with the last id', () => {
    const stream = make();
    const statuses: string[] = [];
    stream.subscribe(() => statuses.push(stream.status()));
    stream.acquire();
    FakeEventSource.last.open();
    FakeEventSource.last.send(song('Hello'), 'W/"a"');
    online.set(false);
    expect(FakeEventSource.openCount).toBe(0);
    expect(stream.status()).toBe('off');
    online.set(true);
    expect(FakeEventSource.all).toHaveLength(2);
    expect(FakeEventSource.last.url).toBe('/api/np/events?lastEventId=W%2F%22a%22');
    FakeEventSource.last.open();
    expect(statuses).toEqual(['connecting', 'open', 'off', 'connecting', 'open']);
  });

  it('closes while the page is hidden and the radio idle, and reopens when seen again', () => {
    const stream = make();
    stream.acquire();
    FakeEventSource.last.open();
    wanted.set(false);
    expect(FakeEventSource.openCount).toBe(0);
    wanted.set(true);
    expect(FakeEventSource.openCount).toBe(1);
  });

  it('lets the browser reconnect a dropped stream, and falls back to polling when it keeps failing', () => {
    const stream = make();
    stream.acquire();
    FakeEventSource.last.open();
    FakeEventSource.last.drop();
    expect(stream.status()).toBe('connecting');
    FakeEventSource.last.open(); // a server restart: back by itself
    expect(stream.status()).toBe('open');
    expect(FakeEventSource.all).toHaveLength(1);

    FakeEventSource.last.drop();
    FakeEventSource.last.drop();
    FakeEventSource.last.drop();
    expect(stream.status()).toBe('polling');
    expect(FakeEventSource.openCount).toBe(0);

    // The stream is tried again later; success ends the polling.
    vi.advanceTimersByTime(5 * 60_000);
    expect(FakeEventSource.all).toHaveLength(2);
    FakeEventSource.last.open();
    expect(stream.status()).toBe('open');
  });

  it('asks again a little later when the server refuses (429), then polls', () => {
    const stream = make();
    stream.acquire();
    FakeEventSource.last.refuse();
    expect(stream.status()).toBe('connecting');
    expect(FakeEventSource.openCount).toBe(0);
    vi.advanceTimersByTime(5_000);
    expect(FakeEventSource.all).toHaveLength(2);
    FakeEventSource.last.refuse();
    vi.advanceTimersByTime(5_000);
    FakeEventSource.last.refuse();
    expect(stream.status()).toBe('polling');
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.all).toHaveLength(3);
  });

  it('counts a stream that never opens (a proxy holding it) as a failure', () => {
    const stream = make({ openTimeoutMs: 20_000, maxFailures: 1 });
    stream.acquire();
    vi.advanceTimersByTime(20_000);
    expect(stream.status()).toBe('polling');
    expect(FakeEventSource.openCount).toBe(0);
  });

  it('going offline and back cuts the fallback short', () => {
    const stream = make({ maxFailures: 1 });
    stream.acquire();
    FakeEventSource.last.refuse();
    expect(stream.status()).toBe('polling');
    online.set(false);
    expect(stream.status()).toBe('off');
    online.set(true);
    expect(stream.status()).toBe('connecting');
    expect(FakeEventSource.all).toHaveLength(2);
  });
});
