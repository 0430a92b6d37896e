import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Logger } from '../ops/logger';
import type { AppContext, Middleware } from './context';

/** One request as the log and the metrics see it (docs/operations.md "Logs"). */
export interface RequestLine {
  method: string;
  /** The route's pattern (routeOf), never the raw path: a path may carry an id or a token. */
  route: string;
  status: number;
  ms: number;
  tenant: string | undefined;
  /** The client address as the rate limits see it (server/http/client-address.ts). */
  address: string;
  /** The proxy's X-Request-Id when it sent a plausible one, else our own. */
  requestId: string;
}

const REQUEST_ID = /^[\w.:-]{1,64}$/;

/** The proxy's id (nginx $request_id, Caddy's {http.request.uuid}) so its log and ours join; ours otherwise. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * The matched router path ('/api/shows/:id'), so a label or a log field never holds a raw URL;
 * requests no router matched are grouped: unknown API paths, uploaded files, the app's files.
 */
export function routeOf(ctx: AppContext): string {
  const matched = (ctx as AppContext & { _matchedRoute?: string | RegExp })._matchedRoute;
  if (typeof matched === 'string') return matched;
  if (ctx.path === '/api' || ctx.path.startsWith('/api/')) return '/api/(unmatched)';
  if (ctx.path.startsWith('/uploads/')) return '/uploads/(file)';
  return '(app)';
}

/** The fields of one request line, the same for requestLog and for answers sent before Koa (public-answers.ts). */
export function requestFields(line: RequestLine): Record<string, unknown> {
  return {
    reqId: line.requestId,
    tenant: line.tenant,
    method: line.method,
    route: line.route,
    status: line.status,
    durationMs: Math.round(line.ms * 10) / 10,
    address: line.address,
  };
}

/**
 * One structured line per request: request id, tenant, method, route, status, duration and
 * client address (at debug for a routine answer: ctx.state.routine). Never headers, bodies, the query string or the raw path, so keys, cookies,
 * tokens, invites, prayer text and sponsor contacts stay out.
 */
export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const start = performance.now();
    const requestId = requestIdOf(ctx.req);
    try {
      await next();
    } finally {
      // A heartbeat a minute per listener would be most of the log (and of its CPU): debug.
      (ctx.state.routine && ctx.status < 400 ? logger.debug : logger.info).call(
        logger,
        requestFields({
          method: ctx.method,
          route: routeOf(ctx),
          status: ctx.status,
          ms: performance.now() - start,
          tenant: ctx.state.tenant,
          address: ctx.state.clientAddress ?? 'unknown',
          requestId,
        }),
      );
    }
  };
}
