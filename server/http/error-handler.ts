import type { ErrorBody } from '../../domain/http-error';
import { isForeignKeyViolation, isUniqueViolation } from '../db/knex';
import type { Middleware } from './context';
import { routeOf } from './request-log';
import { asHttpError } from './errors';

export interface ErrorResponse {
  status: number;
  body: ErrorBody;
  headers: Record<string, string>;
}

const DB_DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P03', '08006', '08001', '08003', 'SQLITE_BUSY']);

export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; name?: string; message?: string } | null;
  if (!e) return false;
  if (e.code && DB_DOWN_CODES.has(e.code)) return true;
  if (e.name === 'KnexTimeoutError') return true;
  return /Connection terminated|connect ECONNREFUSED|the database system is (shutting down|starting up)/i.test(e.message ?? '');
}

/** One mapping from anything thrown to docs/api.md's error answer; used by the handler and by idempotent(). */
export function toErrorResponse(err: unknown): ErrorResponse {
  const known = asHttpError(err);
  if (known) {
    const body: ErrorBody = { error: known.message };
    if (known.issues) body.issues = known.issues;
    return { status: known.status, body, headers: known.headers };
  }
  if (isUniqueViolation(err)) return { status: 409, body: { error: 'That item already exists' }, headers: {} };
  if (isForeignKeyViolation(err)) return { status: 400, body: { error: 'A referenced item does not exist' }, headers: {} };
  if (isDatabaseUnavailable(err)) return { status: 503, body: { error: 'Service unavailable' }, headers: { 'Retry-After': '5' } };
  const e = err as { status?: number; statusCode?: number; expose?: boolean; message?: string; type?: string } | null;
  const status = e?.status ?? e?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // http-errors from koa, the router (405) and raw-body (413, 400).
    const message =
      e?.type === 'entity.too.large'
        ? 'Request body is too large'
        : status === 405
          ? 'Method not allowed'
          : e?.expose && e.message
            ? e.message
            : 'Bad request';
    return { status, body: { error: message }, headers: {} };
  }
  return { status: 500, body: { error: 'Internal error' }, headers: {} };
}

/** The one place that writes JSON errors. Stack traces go to the log, never to the client. */
export function errorHandler(log: (line: string) => void = (l) => process.stderr.write(l + '\n')): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body == null && (ctx.path.startsWith('/api/') || ctx.path === '/api')) {
        ctx.status = 404;
        ctx.body = { error: 'Not found' };
      }
    } catch (err) {
      const res = toErrorResponse(err);
      if (res.status >= 500) {
        const e = err as Error;
        log(JSON.stringify({ level: 'error', method: ctx.method, route: routeOf(ctx), status: res.status, error: e?.message, stack: e?.stack }));
      }
      // A body parser that gave up half way (413 on a chunked body) left the request paused:
      // drain it, or the keep-alive connection hangs until it times out.
      if (!ctx.req.complete) ctx.req.resume();
      ctx.status = res.status;
      for (const [k, v] of Object.entries(res.headers)) ctx.set(k, v);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = res.body;
    }
  };
}
