/**
 * The now-playing push channel (issue 7: an hour of listening costs at most 15 KB of
 * now-playing updates). GET /api/np/events sends the answer of GET /api/np whenever it
 * changes; this keeps one EventSource open while now playing is on screen or the radio
 * plays, closes it offline or when nobody needs it, and reports 'polling' when the browser
 * has no EventSource or the stream keeps failing, so the caller falls back to docs/product.md's
 * 30 s polling.
 */

/**
 * - off: no stream (nobody needs one, offline, or the page is hidden and the radio idle)
 * - connecting / open: the stream brings changes; no polling
 * - polling: no stream to be had right now; poll instead
 */
export type StreamStatus = 'off' | 'connecting' | 'open' | 'polling';

/** A switch the stream follows: the connection, or whether anyone is looking or listening. */
export interface Signal {
  get(): boolean;
  subscribe(listener: () => void): () => void;
}

type EventSourceLike = Pick<EventSource, 'close' | 'readyState'> & {
  onopen: ((ev: Event) => unknown) | null;
  onmessage: ((ev: MessageEvent<string>) => unknown) | null;
  onerror: ((ev: Event) => unknown) | null;
};

export interface StreamOptions<T> {
  /** The stream's URL; lastId (the ETag of what is shown) spares the server resending it. */
  url(lastId: string | null): string;
  /** A new answer and its id. */
  onAnswer(answer: T, id: string): void;
  /** Checks the shape of an event's data before it reaches the app. */
  accept(data: unknown): data is T;
  /** Absent: the browser has none, so polling it is. */
  EventSource: (new (url: string) => EventSourceLike) | undefined;
  online: Signal;
  /** Visible page or playing radio. */
  wanted: Signal;
  /** Errors in a row (without an event or an open between) before falling back to polling. */
  maxFailures?: number;
  /** After falling back, the stream is tried again this much later. */
  retryStreamMs?: number;
  /** A stream the server refused (429, 503) is asked for again this much later. */
  reopenMs?: number;
  /** A stream not open by then counts as failed (a proxy holding it back). */
  openTimeoutMs?: number;
  timers?: { set: (fn: () => void, ms: number) => unknown; clear: (id: unknown) => void };
}

const CLOSED = 2;

export function createNowPlayingStream<T>(options: StreamOptions<T>) {
  const maxFailures = options.maxFailures ?? 3;
  const retryStreamMs = options.retryStreamMs ?? 5 * 60_000;
  const reopenMs = options.reopenMs ?? 5_000;
  const openTimeoutMs = options.openTimeoutMs ?? 20_000;
  const timers = options.timers ?? { set: (fn: () => void, ms: number) => setTimeout(fn, ms), clear: (id: unknown) => clearTimeout(id as number) };

  let users = 0;
  let source: EventSourceLike | null = null;
  let status: StreamStatus = 'off';
  let lastId: string | null = null;
  let failures = 0;
  /** While set, the stream waits (a refusal's pause or the fallback's); evaluate() leaves it. */
  let waiting: unknown = null;
  let openTimer: unknown = null;
  let unwatch: (() => void)[] = [];
  const listeners = new Set<() => void>();

  function setStatus(next: StreamStatus): void {
    if (status === next) return;
    status = next;
    for (const l of [...listeners]) l();
  }

  function closeSource(): void {
    if (openTimer !== null) timers.clear(openTimer);
    openTimer = null;
    if (!source) return;
    source.onopen = source.onmessage = source.onerror = null;
    source.close();
    source = null;
  }

  function wait(ms: number, then: StreamStatus): void {
    closeSource();
    setStatus(then);
    waiting = timers.set(() => {
      waiting = null;
      if (then === 'polling') failures = 0;
      evaluate();
    }, ms);
  }

  function failed(closed: boolean): void {
    failures += 1;
    if (failures >= maxFailures) wait(retryStreamMs, 'polling');
    // The browser gives up on a refusal (a non-200 answer); we ask again, a little later.
    else if (closed) wait(reopenMs, 'connecting');
    else setStatus('connecting');
  }

  function open(Source: NonNullable<StreamOptions<T>['EventSource']>): void {
    const es = new Source(options.url(lastId));
    source = es;
    setStatus('connecting');
    const armOpenTimer = () => {
      if (openTimer !== null) timers.clear(openTimer);
      openTimer = timers.set(() => {
        openTimer = null;
        if (source === es) failed(true);
      }, openTimeoutMs);
    };
    armOpenTimer();
    es.onopen = () => {
      if (openTimer !== null) timers.clear(openTimer);
      openTimer = null;
      failures = 0;
      setStatus('open');
    };
    es.onmessage = (event) => {
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      if (!options.accept(data)) return;
      failures = 0;
      lastId = event.lastEventId || lastId;
      options.onAnswer(data, event.lastEventId);
    };
    es.onerror = () => {
      const closed = es.readyState === CLOSED;
      failed(closed);
      // Reconnecting by itself: give it the same time to open.
      if (!closed && source === es) armOpenTimer();
    };
  }

  function evaluate(): void {
    if (waiting !== null) return;
    const should = users > 0 && options.online.get() && options.wanted.get();
    if (!should) {
      closeSource();
      setStatus('off');
      return;
    }
    if (source) return;
    if (!options.EventSource) {
      setStatus('polling');
      return;
    }
    open(options.EventSource);
  }

  /** Leaves a refusal's or a fallback's pause early: going offline and back is a fresh start. */
  function onOnline(): void {
    if (!options.online.get() && waiting !== null) {
      timers.clear(waiting);
      waiting = null;
      failures = 0;
    }
    evaluate();
  }

  return {
    /** One more screen needs now playing; answers the function that says it no longer does. */
    acquire(): () => void {
      users += 1;
      if (users === 1) {
        unwatch = [options.online.subscribe(onOnline), options.wanted.subscribe(evaluate)];
      }
      evaluate();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        users -= 1;
        if (users > 0) return;
        for (const u of unwatch) u();
        unwatch = [];
        if (waiting !== null) timers.clear(waiting);
        waiting = null;
        failures = 0;
        evaluate();
      };
    },
    /** The id of an answer the app already has from GET /api/np (its ETag). */
    know(id: string | null): void {
      if (id) lastId = id;
    },
    status: (): StreamStatus => status,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type NowPlayingStream = ReturnType<typeof createNowPlayingStream>;
