import type { Middleware } from './context';

export interface RequestLine {
  method: string;
  /** Without the query string. */
  path: string;
  status: number;
  ms: number;
  tenant: string | undefined;
}

// Formatting the time is most of a line's cost, and many lines share each millisecond.
let lastMs = 0;
let lastTime = '';
function time(): string {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    lastTime = new Date(now).toISOString();
  }
  return lastTime;
}

/** The one format of a request line, for requestLog and for answers sent before Koa (public-answers.ts). */
export function requestLine({ method, path, status, ms, tenant }: RequestLine): string {
  return JSON.stringify({ t: time(), method, path, status, ms: Math.round(ms * 10) / 10, tenant });
}

/**
 * One structured line per request: method, path (no query string), status, time, tenant.
 * Never headers or bodies, so the admin key, prayer text and sponsor contacts stay out.
 */
export function requestLog(write: (line: string) => void): Middleware {
  return async (ctx, next) => {
    const start = performance.now();
    try {
      await next();
    } finally {
      write(requestLine({ method: ctx.method, path: ctx.path, status: ctx.status, ms: performance.now() - start, tenant: ctx.state.tenant }));
    }
  };
}
