import Router from '@koa/router';
import type { AppState, Deps } from '../../http/context';
import { nowPlayingService } from './now-playing.service';

export function nowPlayingRouter(deps: Deps): Router<AppState> {
  const service = nowPlayingService(deps);
  const router = new Router<AppState>();
  router.get('/api/np', async (ctx) => {
    ctx.body = await service.get(ctx.state.tenant);
    ctx.set('Cache-Control', 'public, max-age=10');
  });
  return router;
}
