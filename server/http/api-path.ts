import type { Middleware } from './context';
import { notFound } from './errors';

/**
 * The API's path space is spelled one way (docs/api.md "Paths"): `/api` and `/api/…` exactly.
 * The middleware that guard it (the admin key, caching, kept answers) test that prefix, while
 * the router matches paths in any case, so `/API/settings` once reached the settings route
 * with none of them (a wrong key got 200 and was never counted). Every other spelling of the
 * prefix is refused here, before any of them, rather than each check learning every case.
 */
export const isApiPath = (path: string): boolean => path === '/api' || path.startsWith('/api/');

const API_PREFIX_ANY_CASE = /^\/api(?:\/|$)/i;

export const canonicalApiPath: Middleware = async (ctx, next) => {
  if (API_PREFIX_ANY_CASE.test(ctx.path) && !isApiPath(ctx.path)) throw notFound();
  await next();
};
