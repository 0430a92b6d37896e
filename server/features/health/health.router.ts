import Router from '@koa/router';
import { pingDb } from '../../db/knex';
import type { AppState, Deps } from '../../http/context';
import { serviceUnavailable } from '../../http/errors';

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
  return router;
}
