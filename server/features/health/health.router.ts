import Router from '@koa/router';
import { pingDb } from '../../db/knex';
import type { AppState, Deps } from '../../http/context';
import { serviceUnavailable } from '../../http/errors';
import { healthService } from './health.service';

export function healthRouter(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/api/health', async (ctx) => {
    try {
      await pingDb(deps.db);
    } catch {
      throw serviceUnavailable('Database unavailable');
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { ok: true };
  });
  // Readiness (docs/api.md "Health"): 503 names the checks that fail.
  const health = healthService(deps);
  router.get('/api/health/ready', async (ctx) => {
    const { ok, checks } = await health.readiness();
    ctx.set('Cache-Control', 'no-store');
    if (ok) {
      ctx.body = { ok, checks };
      return;
    }
    const failing = Object.entries(checks).filter(([, state]) => state !== 'ok').map(([name]) => name);
    ctx.status = 503;
    ctx.set('Retry-After', '5');
    ctx.body = { ok, error: `Not ready: ${failing.join(', ')}`, failing, checks };
  });
  return router;
}
