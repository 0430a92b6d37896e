import type { ServerResponse } from 'node:http';
import type { Tenant } from '../../../domain/tenants';
import type { AppContext } from '../../http/context';
import type { NowPlayingHub, Snapshot, Subscriber } from './now-playing.hub';
import { sharedGzip, type GzipState } from './now-playing.gzip';
import { endEventStreams, retryMs, streamPlaces, streamsOf } from '../../http/event-streams';

/** What the stream is tuned by; NP_EVENTS_* in the environment (docs/configuration.md), defaults below. */
export interface EventStreamOptions {
  /** A comment this often keeps proxies and NAT tables from dropping a quiet stream. */
  heartbeatMs: number;
  /**
   * How often, while anyone listens, the upstream gets its chance to be asked (the poller asks
   * it at most once per 10 s per tenant across processes); changes themselves are pushed.
   */
  checkMs: number;
  /**
   * Open streams one client address may hold in this process; more answer 429 (and fall
   * back to polling). Generous: Caribbean mobile carriers put many listeners behind one
   * address (carrier-grade NAT), and each stream costs only a few KB here (bench/RESULTS.md).
   */
  maxPerAddress: number;
  /**
   * Open streams this process holds from everyone together; more answer 503 with Retry-After
   * (the app then polls). 10,000 fit one process (bench/RESULTS.md, listeners).
   */
  maxTotal: number;
  /** A change of the listener count alone is sent at most this often. */
  listenersOnlyMinMs: number;
}

export const DEFAULT_EVENT_STREAM_OPTIONS: EventStreamOptions = {
  heartbeatMs: 25_000,
  checkMs: 10_000,
  maxPerAddress: 100,
  maxTotal: 10_000,
  listenersOnlyMinMs: 60_000,
};

/** NP_EVENTS_HEARTBEAT_MS, NP_EVENTS_CHECK_MS, NP_EVENTS_MAX_PER_ADDRESS, NP_EVENTS_MAX_TOTAL, NP_EVENTS_LISTENERS_MIN_MS. */
export function eventStreamOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): EventStreamOptions {
  const positive = (value: string | undefined, fallback: number) => {
    const n = Number(value?.trim());
    return value?.trim() && Number.isInteger(n) && n > 0 ? n : fallback;
  };
  const d = DEFAULT_EVENT_STREAM_OPTIONS;
  return {
    heartbeatMs: positive(env.NP_EVENTS_HEARTBEAT_MS, d.heartbeatMs),
    checkMs: positive(env.NP_EVENTS_CHECK_MS, d.checkMs),
    maxPerAddress: positive(env.NP_EVENTS_MAX_PER_ADDRESS, d.maxPerAddress),
    maxTotal: positive(env.NP_EVENTS_MAX_TOTAL, d.maxTotal),
    listenersOnlyMinMs: positive(env.NP_EVENTS_LISTENERS_MIN_MS, d.listenersOnlyMinMs),
  };
}

export { endEventStreams, retryMs };

/** A stream that stops reading falls this far behind before it is dropped. */
const MAX_BACKLOG_BYTES = 256 * 1024;

/** GET /api/np/events: declared in now-playing.operations.ts, answered early by now-playing.events-first.ts. */
export const NP_EVENTS_PATH = '/api/np/events';

/** The client's id (the ETag of what it shows): the header on a reconnect, the query on a fresh open. */
export function lastEventId(header: string | undefined, query: unknown): string | null {
  const id = header || (typeof query === 'string' ? query : '');
  return id && id.length <= 100 ? id : null;
}

/** What one stream is opened with, by the route or before Koa. */
export interface StreamAsk {
  res: ServerResponse;
  /** The app whose open streams it joins (ended on shutdown: event-streams.ts). */
  app: object;
  tenant: Tenant;
  clientAddress: string;
  gzip: boolean;
  lastId: string | null;
}

export type EventStream = ReturnType<typeof eventStream>;

/** GET /api/np/events: Server-Sent Events of GET /api/np's answer (docs/features.md "Now playing", docs/api.md). */
export function nowPlayingEvents(hub: NowPlayingHub, options: EventStreamOptions) {
  const places = streamPlaces(options, { perAddress: 'Too many now-playing streams from this address', total: 'Too many listeners on this server right now; the app will check again shortly' });
  const gzip = sharedGzip(eventText);

  /**
   * Takes a place and subscribes to the hub: the stream, to be opened once its headers are set,
   * or null when the client left meanwhile. The place's refusal (429, 503) or the hub's error is
   * thrown before anything is sent. Its own scope holds what the open stream keeps, so a stream
   * retains its socket and a few numbers, not the request's context (bench/RESULTS.md, listeners).
   */
  async function subscribe(ask: StreamAsk): Promise<EventStream | null> {
    const streams = streamsOf(ask.app);
    const givePlaceBack = places.take(ask.clientAddress);
    const stream = eventStream(ask.res, ask.gzip ? gzip : null, ask.lastId, () => {
      givePlaceBack();
      streams.ends.delete(stream.end);
    });
    streams.ends.add(stream.end);
    try {
      await stream.start(hub, ask.tenant, `retry: ${retryMs()}\n\n`);
    } catch (err) {
      stream.end();
      throw err;
    }
    return stream.ended() ? null : stream;
  }

  const route = async (ctx: AppContext): Promise<void> => {
    // Never compressed by koa-compress (it would buffer the stream) nor kept by any cache.
    ctx.compress = false;
    ctx.set('Cache-Control', 'no-store');
    const streamHeaders = () => {
      ctx.set('Content-Type', 'text/event-stream');
      ctx.set('X-Accel-Buffering', 'no');
    };
    if (ctx.method === 'HEAD') {
      streamHeaders();
      ctx.status = 200;
      return;
    }
    if (streamsOf(ctx.app).draining) {
      streamHeaders();
      ctx.body = `retry: ${retryMs()}\n\n`;
      return;
    }
    // Nothing is sent before it answers: a refusal or an error is answered as JSON, as for any /api route.
    const stream = await subscribe({
      res: ctx.res,
      app: ctx.app,
      tenant: ctx.state.tenant,
      clientAddress: ctx.state.clientAddress,
      gzip: ctx.acceptsEncodings('gzip', 'identity') === 'gzip',
      lastId: lastEventId(ctx.get('Last-Event-ID'), ctx.query.lastEventId),
    });
    if (!stream) {
      ctx.respond = false;
      return;
    }
    streamHeaders();
    if (stream.gzipped) ctx.set('Content-Encoding', 'gzip');
    ctx.req.socket.setNoDelay(true);
    // Written here rather than through Koa. The status is still set on ctx, for the request log.
    ctx.status = 200;
    ctx.respond = false;
    stream.open();
  };

  return { route, subscribe };
}

/**
 * One open stream, kept apart from Koa's context so that a stream retains as little as
 * possible (10,000 of them per process: bench/RESULTS.md). With gzip its bytes come from the
 * shared encoder: an event is compressed once for every stream that holds the same previous
 * event, not once per stream (now-playing.gzip.ts).
 */
function eventStream(res: ServerResponse, gzip: ReturnType<typeof sharedGzip> | null, lastId: string | null, release: () => void) {
  const state: GzipState | null = gzip ? gzip.state() : null;
  let ended = false;
  let opened = false;
  let unsubscribe: (() => void) | null = null;
  const pending: (string | Snapshot)[] = [];

  const put = (chunk: Buffer | string) => {
    if (res.writableLength > MAX_BACKLOG_BYTES) {
      res.destroy();
      return;
    }
    res.write(chunk);
  };
  const writeText = (text: string) => {
    if (ended) return;
    if (!opened) {
      pending.push(text);
      return;
    }
    put(gzip && state ? gzip.text(state, text) : text);
  };
  const writeEvent = (snapshot: Snapshot) => {
    if (ended) return;
    if (!opened) {
      pending.push(snapshot);
      return;
    }
    put(gzip && state ? gzip.event(state, snapshot) : eventText(snapshot));
  };

  const end = () => {
    if (ended) return;
    ended = true;
    unsubscribe?.();
    release();
    if (!opened || res.destroyed) return;
    if (gzip && state) res.end(gzip.trailer(state));
    else res.end();
  };
  res.once('close', end);

  const subscriber: Subscriber = {
    lastId,
    send: writeEvent,
    heartbeat: () => writeText(':\n\n'),
  };

  return {
    end,
    gzipped: gzip !== null,
    ended: () => ended,
    async start(hub: NowPlayingHub, tenant: Tenant, retry: string): Promise<void> {
      pending.push(retry);
      const leave = await hub.subscribe(tenant, subscriber);
      if (ended) leave();
      else unsubscribe = leave;
    },
    /** Headers are set: the status line, then what the hub sent meanwhile. */
    open(): void {
      res.writeHead(200);
      opened = true;
      if (gzip) put(gzip.header);
      for (const item of pending.splice(0)) {
        if (typeof item === 'string') writeText(item);
        else writeEvent(item);
      }
    },
  };
}

export const eventText = (s: Snapshot): string => `id: ${s.id}\ndata: ${s.json}\n\n`;
