import Router from '@koa/router';
import type { AppState, Deps } from '../../http/context';
import { serviceUnavailable } from '../../http/errors';

export function healthRouter(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/api/health', async (ctx) => {
    try {
      await deps.db.raw('select 1');
    } catch {
      throw serviceUnavailable('Database unavailable');
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { ok: true };
  });
  return router;
}
