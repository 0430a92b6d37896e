import type { ServerResponse } from 'node:http';
import type { ChatEvent } from '../../../domain/chat';
import type { Tenant } from '../../../domain/tenants';
import type { ChangeBus } from '../../db/change-bus';
import type { AppContext } from '../../http/context';
import { retryMs, streamPlaces, streamsOf } from '../../http/event-streams';

/**
 * A `:` comment this often keeps proxies and NAT tables from dropping a quiet stream: three
 * bytes 144 times an hour, so an open quiet chat costs well under 5 KB an hour (issue 44).
 */
export const CHAT_HEARTBEAT_MS = 25_000;
/** Streams per client address in this process (carrier NAT: generous) and in all. */
export const CHAT_MAX_PER_ADDRESS = 100;
export const CHAT_MAX_TOTAL = 10_000;
/**
 * An event as it goes out, made once for thousands of streams (bench/chat.mjs): its bytes, and
 * the same as one HTTP/1.1 chunk (size line, bytes, CRLF). Made per stream, the string's
 * encoding and the chunk's framing were a good part of the server's time at each message.
 */
interface Frame {
  text: Buffer;
  chunk: Buffer;
}
function frameOf(text: string): Frame {
  const bytes = Buffer.from(text);
  return { text: bytes, chunk: Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]) };
}
/** The `:` comment that keeps a quiet stream open. */
const HEARTBEAT = frameOf(':\n\n');
/** A stream that stops reading falls this far behind before it is dropped. */
const MAX_BACKLOG_BYTES = 256 * 1024;

/**
 * One event as it goes out, compact. A message goes unnamed (`data: {…}\n\n`): EventSource
 * dispatches an event without a name as `message` all the same, and the 15 bytes of
 * `event: message` would be 9 KB of a listener's hour at 10 messages a minute, against a
 * budget of 150 KB (docs/performance.md).
 */
export function chatEventText(event: ChatEvent): string {
  if (event.type === 'message') return `data: ${JSON.stringify(event.message)}\n\n`;
  if (event.type === 'hidden') return `event: hidden\ndata: ${JSON.stringify({ id: event.id })}\n\n`;
  return `event: pinned\ndata: ${event.id === null ? 'null' : JSON.stringify({ id: event.id })}\n\n`;
}

/**
 * GET /api/chat/events: every chat event of the tenant, from any process (the change bus),
 * to this process's open streams. Each event is written once as text and that one string
 * goes to every stream; one heartbeat timer serves all streams, and runs only while any is open.
 */
export function chatEvents(bus: ChangeBus, options = { heartbeatMs: CHAT_HEARTBEAT_MS, maxPerAddress: CHAT_MAX_PER_ADDRESS, maxTotal: CHAT_MAX_TOTAL }) {
  const rooms = new Map<Tenant, Set<ServerResponse>>();
  const places = streamPlaces(options, { perAddress: 'Too many chat streams from this address', total: 'Too many listeners on this server right now; the chat will try again shortly' });
  let heartbeat: NodeJS.Timeout | null = null;

  const write = (res: ServerResponse, frame: Frame) => {
    if (res.writableLength > MAX_BACKLOG_BYTES) res.destroy();
    // Every HTTP/1.1 stream is chunked, its head and retry line long sent: its chunk goes whole
    // to its socket, one buffer in one write, without the response's per-write framing.
    else if (res.chunkedEncoding && res.socket) res.socket.write(frame.chunk);
    else res.write(frame.text);
  };

  bus.subscribe((change) => {
    if (change.topic !== 'chat') return;
    const room = rooms.get(change.tenant);
    if (!room) return;
    const frame = frameOf(chatEventText(change.event));
    for (const res of room) write(res, frame);
  });

  function beat(): void {
    if (heartbeat || places.total === 0) return;
    heartbeat = setInterval(() => {
      for (const room of rooms.values()) for (const res of room) write(res, HEARTBEAT);
    }, options.heartbeatMs);
    heartbeat.unref();
  }

  return async (ctx: AppContext): Promise<void> => {
    // Never compressed (koa-compress would buffer the stream) nor kept by any cache.
    ctx.compress = false;
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Type', 'text/event-stream');
    ctx.set('X-Accel-Buffering', 'no');
    const streams = streamsOf(ctx.app);
    const retry = `retry: ${retryMs()}\n\n`;
    if (streams.draining) {
      ctx.body = retry;
      return;
    }
    const release = places.take(ctx.state.clientAddress);

    const tenant = ctx.state.tenant;
    const res = ctx.res;
    let room = rooms.get(tenant);
    if (!room) rooms.set(tenant, (room = new Set()));
    room.add(res);
    beat();
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      room.delete(res);
      if (room.size === 0 && rooms.get(tenant) === room) rooms.delete(tenant);
      release();
      streams.ends.delete(end);
      if (places.total === 0 && heartbeat) {
        clearInterval(heartbeat);
        heartbeat = null;
      }
      if (!res.destroyed) res.end();
    };
    streams.ends.add(end);
    res.once('close', end);
    ctx.req.socket.setNoDelay(true);
    // Written here rather than through Koa: a stream holds only its socket. The status is
    // still set on ctx, for the request log.
    ctx.status = 200;
    ctx.respond = false;
    res.writeHead(200);
    res.write(retry);
  };
}
