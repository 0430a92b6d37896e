import { createHash, timingSafeEqual } from 'node:crypto';
import http, { type Server } from 'node:http';
import type { Middleware } from '../http/context';
import { routeOf } from '../http/request-log';
import type { Metrics } from './metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Authorization: Bearer <token>, compared in constant time (both sides hashed to one length). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return !!m && timingSafeEqual(digest(m[1]!), digest(token));
}

/**
 * GET /metrics on the main port, only with METRICS_TOKEN (docs/operations.md). Without it, or
 * with a wrong one, the answer is the 404 of a missing file (static-files.ts), not the app's
 * page every other unknown path gets: nothing tells that /metrics exists, and a scraper
 * missing its token sees a plain 404 rather than a page of HTML.
 */
export function metricsRoute(metrics: Metrics, token: string | null): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/metrics' || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    if (!token || !bearerMatches(ctx.get('authorization'), token)) {
      ctx.status = 404;
      ctx.type = 'text/plain';
      ctx.body = 'Not found';
      return;
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.type = metrics.contentType;
    ctx.body = await metrics.document();
  };
}

/** Times every request by route pattern and status, and counts the now-playing streams it leaves open. */
export function observeRequests(metrics: Metrics): Middleware {
  return async (ctx, next) => {
    const end = metrics.requestDuration.startTimer();
    try {
      await next();
    } finally {
      const route = routeOf(ctx);
      end({ method: ctx.method, route, status: String(ctx.status) });
      // The events handler answered with the stream left open on the socket (now-playing.events.ts).
      if (route === '/api/np/events' && ctx.status === 200 && ctx.respond === false && ctx.method === 'GET' && !ctx.res.writableEnded && !ctx.res.destroyed) {
        const closed = metrics.streamOpened('now_playing', ctx.state.tenant);
        ctx.res.once('close', closed);
      }
    }
  };
}

export interface MetricsServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/**
 * METRICS_PORT: a second listener on 127.0.0.1 that serves /metrics without a token (a
 * Prometheus on the same host, or one reached through an SSH tunnel) and 404 for anything else.
 */
export async function startMetricsServer(metrics: Metrics, port: number): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found');
      return;
    }
    metrics.document().then(
      (text) => res.writeHead(200, { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' }).end(req.method === 'HEAD' ? undefined : text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    server,
    url: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
