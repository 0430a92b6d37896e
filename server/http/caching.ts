import { createHash } from 'node:crypto';
import type { Middleware } from './context';

/**
 * docs/api.md "Caching on the wire" for /api: an ETag on every GET answer (304 on a match),
 * no-store for admin answers (any method), no-cache for public ones unless the route chose its own.
 * The public answers kept in memory go out from public-answers.ts, which answers their
 * If-None-Match itself (ctx.state.keepAnswer) from what this leaves.
 */
export function apiCaching(): Middleware {
  return async (ctx, next) => {
    await next();
    // Admin answers are never kept by any cache, whatever the method.
    if (ctx.state.isAdmin) ctx.set('Cache-Control', 'no-store');
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return;
    ctx.vary('x-admin-key');
    if (!ctx.state.isAdmin && !ctx.response.get('Cache-Control')) ctx.set('Cache-Control', 'no-cache');
    if (ctx.status !== 200 || ctx.body == null) return;
    const body = ctx.body;
    if (typeof body === 'object' && !Buffer.isBuffer(body) && typeof (body as { pipe?: unknown }).pipe === 'function') return;
    const text = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
    if (typeof body !== 'string' && !Buffer.isBuffer(body)) {
      ctx.type = 'application/json';
      ctx.body = text;
    }
    ctx.etag = `W/"${createHash('sha1').update(text).digest('base64url')}"`;
    if (!ctx.state.keepAnswer && ctx.fresh) {
      ctx.status = 304;
      ctx.body = null;
    }
  };
}
