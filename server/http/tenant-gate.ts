import type Router from '@koa/router';
import { RouterEvents } from '@koa/router';
import type { Tenant } from '../../domain/tenants';
import type { AppState, Middleware } from './context';
import { notFound } from './errors';

/**
 * docs/api.md: gated resources answer 404 with a JSON error on the wrong tenant, for every path
 * under the prefix. router.use() runs only when a route matched path and method, so paths
 * and methods no route matches are gated on NotFound too (before a 405 or a generic 404).
 */
export function gateTenant(router: Router<AppState>, prefix: string, allowed: (tenant: Tenant) => boolean, message: string): void {
  const gate: Middleware = async (ctx, next) => {
    if (!allowed(ctx.state.tenant)) throw notFound(message);
    await next();
  };
  router.use(gate);
  router.on(RouterEvents.NotFound, (ctx, next) => (ctx.path === prefix || ctx.path.startsWith(prefix + '/') ? gate(ctx, next) : next()));
}
