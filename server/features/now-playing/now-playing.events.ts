import { PassThrough, type Writable } from 'node:stream';
import zlib from 'node:zlib';
import { limitKey } from '../../http/client-address';
import type { AppContext } from '../../http/context';
import { tooManyRequests } from '../../http/errors';
import type { NowPlayingHub, Snapshot, Subscriber } from './now-playing.hub';

/** What the stream is tuned by; NP_EVENTS_* in the environment (README), defaults below. */
export interface EventStreamOptions {
  /** A comment this often keeps proxies and NAT tables from dropping a quiet stream. */
  heartbeatMs: number;
  /** How often the hub reads the current answer while anyone listens. */
  checkMs: number;
  /**
   * Open streams one client address may hold in this process; more answer 429 (and fall
   * back to polling). Generous: Caribbean mobile carriers put many listeners behind one
   * address (carrier-grade NAT), and each stream costs only ~48 KB here.
   */
  maxPerAddress: number;
  /** A change of the listener count alone is sent at most this often. */
  listenersOnlyMinMs: number;
}

export const DEFAULT_EVENT_STREAM_OPTIONS: EventStreamOptions = {
  heartbeatMs: 25_000,
  checkMs: 5_000,
  maxPerAddress: 100,
  listenersOnlyMinMs: 60_000,
};

/** NP_EVENTS_HEARTBEAT_MS, NP_EVENTS_CHECK_MS, NP_EVENTS_MAX_PER_ADDRESS, NP_EVENTS_LISTENERS_MIN_MS. */
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
    listenersOnlyMinMs: positive(env.NP_EVENTS_LISTENERS_MIN_MS, d.listenersOnlyMinMs),
  };
}

/**
 * The reconnect delay the browser is told: 3–8 s, spread per stream so that when a server
 * restarts its listeners do not all come back in the same instant.
 */
export const retryMs = (random = Math.random): number => 3_000 + Math.floor(random() * 5_000);

/**
 * Per-stream gzip, flushed after every event: the deflate window still holds the previous
 * event, so a song change (the same answer with history shifted by one) costs tens of bytes
 * instead of the whole answer. A 8 KB window holds a full answer with 20 history entries;
 * with memLevel 5 a stream's compressor costs about 48 KB of memory.
 */
const GZIP: zlib.ZlibOptions = { level: 6, windowBits: 13, memLevel: 5 };

/** A stream that stops reading falls this far behind before it is dropped. */
const MAX_BACKLOG_BYTES = 256 * 1024;

interface Streams {
  draining: boolean;
  ends: Set<() => void>;
}

/** Open streams per app, so the server that owns an app can end them on shutdown. */
const streamsByApp = new WeakMap<object, Streams>();

function streamsOf(app: object): Streams {
  let streams = streamsByApp.get(app);
  if (!streams) {
    streams = { draining: false, ends: new Set() };
    streamsByApp.set(app, streams);
  }
  return streams;
}

/**
 * Ends every now-playing stream of the app and answers new ones with a bare reconnect delay,
 * so graceful shutdown is not held open by listeners (each browser reconnects by itself,
 * to whichever process then answers).
 */
export function endEventStreams(app: object): void {
  const streams = streamsOf(app);
  streams.draining = true;
  for (const end of [...streams.ends]) end();
}

/** The client's id (the ETag of what it shows): the header on a reconnect, the query on a fresh open. */
function lastEventId(ctx: AppContext): string | null {
  const query = ctx.query.lastEventId;
  const id = ctx.get('Last-Event-ID') || (typeof query === 'string' ? query : '');
  return id && id.length <= 100 ? id : null;
}

/** GET /api/np/events: Server-Sent Events of GET /api/np's answer (README, api.md addendum). */
export function nowPlayingEvents(hub: NowPlayingHub, options: EventStreamOptions) {
  const perAddress = new Map<string, number>();

  return async (ctx: AppContext): Promise<void> => {
    // Never compressed by koa-compress (it would buffer the stream) nor kept by any cache.
    ctx.compress = false;
    ctx.set('Cache-Control', 'no-store');
    const streamHeaders = () => {
      ctx.set('Content-Type', 'text/event-stream');
      ctx.set('X-Accel-Buffering', 'no');
    };
    const streams = streamsOf(ctx.app);
    const retry = `retry: ${retryMs()}\n\n`;
    if (ctx.method === 'HEAD') {
      streamHeaders();
      ctx.status = 200;
      return;
    }
    if (streams.draining) {
      streamHeaders();
      ctx.body = retry;
      return;
    }

    const address = limitKey(ctx.state.clientAddress);
    const open = perAddress.get(address) ?? 0;
    if (open >= options.maxPerAddress) throw tooManyRequests(60, 'Too many now-playing streams from this address');
    perAddress.set(address, open + 1);

    const gzip = ctx.acceptsEncodings('gzip', 'identity') === 'gzip';
    const body = gzip ? zlib.createGzip(GZIP) : new PassThrough();
    const write = (text: string) => {
      if (body.destroyed || body.writableEnded) return;
      if (ctx.res.writableLength + body.writableLength + body.readableLength > MAX_BACKLOG_BYTES) {
        ctx.res.destroy();
        return;
      }
      body.write(text);
      if (gzip) (body as zlib.Gzip).flush(zlib.constants.Z_SYNC_FLUSH);
    };

    let unsubscribe: (() => void) | null = null;
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      unsubscribe?.();
      streams.ends.delete(end);
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
      (body as Writable).end();
    };
    streams.ends.add(end);
    ctx.res.once('close', end);

    const subscriber: Subscriber = {
      lastId: lastEventId(ctx),
      send: (s: Snapshot) => write(`id: ${s.id}\ndata: ${s.json}\n\n`),
      heartbeat: () => write(':\n\n'),
    };
    write(retry);
    try {
      const leave = await hub.subscribe(ctx.state.tenant, subscriber);
      if (ended) leave();
      else unsubscribe = leave;
    } catch (err) {
      // Nothing was sent yet: the error handler answers JSON as for any /api route.
      end();
      body.destroy();
      throw err;
    }
    streamHeaders();
    if (gzip) ctx.set('Content-Encoding', 'gzip');
    ctx.req.socket.setNoDelay(true);
    ctx.status = 200;
    ctx.body = body;
  };
}
