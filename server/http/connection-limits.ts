import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * The process-wide ceiling on open connections and the timeouts that close idle and half-open
 * ones (docs/api.md "Connections"). Per-address caps (rate limits, the event-stream cap) do
 * not bound what many addresses together hold open; this does.
 */
export interface ConnectionLimits {
  /** Open connections this process keeps at once; a request on one more answers 503 (MAX_CONNECTIONS). */
  maxConnections: number;
  /** A request's head must arrive within this (Node: 60 s): a connection that sends nothing is closed. */
  headersTimeoutMs: number;
  /** A connection with no traffic either way for this long is closed (Node: never). Event streams beat every 25 s. */
  idleTimeoutMs: number;
  /** An idle kept-alive connection is closed after this (Node's 5 s, said here). */
  keepAliveTimeoutMs: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  maxConnections: 12_000,
  headersTimeoutMs: 15_000,
  idleTimeoutMs: 120_000,
  keepAliveTimeoutMs: 5_000,
};

/** How often Node looks for requests past their head/request timeout (its default is every 30 s). */
export const CONNECTIONS_CHECK_MS = 1_000;

const BUSY_BODY = JSON.stringify({ error: 'The server is busy. Please try again in a few seconds.' });

/**
 * Applies the limits to a server made with `{ connectionsCheckingInterval: CONNECTIONS_CHECK_MS }`
 * and answers, in place of `handler`, 503 with Retry-After on any connection past the ceiling
 * (then closes it). Such a connection is closed after a few seconds even if it never asks.
 */
export function limitConnections(
  server: Server,
  limits: ConnectionLimits,
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  server.headersTimeout = limits.headersTimeoutMs;
  // The whole request may take longer (an upload) but never less than its head.
  server.requestTimeout = Math.max(server.requestTimeout, limits.headersTimeoutMs);
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.setTimeout(limits.idleTimeoutMs, (socket: Socket) => socket.destroy());

  let open = 0;
  const over = new WeakSet<Socket>();
  server.on('connection', (socket: Socket) => {
    open += 1;
    socket.once('close', () => {
      open -= 1;
    });
    if (open > limits.maxConnections) {
      over.add(socket);
      socket.setTimeout(5_000, () => socket.destroy());
    }
  });
  return (req, res) => {
    if (!over.has(req.socket)) return handler(req, res);
    req.resume();
    res.writeHead(503, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(BUSY_BODY),
      'Retry-After': '5',
      'Cache-Control': 'no-store',
      Connection: 'close',
    });
    res.end(BUSY_BODY);
  };
}
