import type { Middleware } from './context';

/**
 * One structured line per request: method, path (no query string), status, time, tenant.
 * Never headers or bodies, so the admin key, prayer text and sponsor contacts stay out.
 */
export function requestLog(write: (line: string) => void): Middleware {
  return async (ctx, next) => {
    const start = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      write(
        JSON.stringify({
          t: new Date().toISOString(),
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          ms: Math.round(ms * 10) / 10,
          tenant: ctx.state.tenant,
        }),
      );
    }
  };
}
