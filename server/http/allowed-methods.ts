import type { Middleware } from './context';
import { HttpError } from './errors';

/**
 * docs/api.md: an unknown method on a known path answers 405 (with Allow); an unknown path stays
 * 404. Replaces @koa/router's allowedMethods(), which answers methods it does not know
 * (PROPFIND, TRACE…) with a 501 that became a 500 "Internal error", and drops Allow on 405.
 * Reads the layers every router left in ctx.matched, so it goes before all routers.
 */
export function allowedMethods(): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.status !== 404 || ctx.body != null) return;
    const matched = (ctx as { matched?: { methods: string[] }[] }).matched ?? [];
    const allowed = [...new Set(matched.flatMap((layer) => layer.methods))];
    if (allowed.length === 0 || allowed.includes(ctx.method)) return;
    if (ctx.method === 'OPTIONS') {
      ctx.status = 204;
      ctx.set('Allow', ['OPTIONS', ...allowed].join(', '));
      return;
    }
    throw new HttpError(405, 'Method not allowed', undefined, { Allow: allowed.join(', ') });
  };
}
