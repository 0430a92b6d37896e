import Router from '@koa/router';
import type { AppState, Deps } from '../../http/context';
import { eventStreamOptionsFromEnv, nowPlayingEvents, type EventStreamOptions } from './now-playing.events';
import { nowPlayingHub } from './now-playing.hub';
import { nowPlayingService } from './now-playing.service';

export function nowPlayingRouter(deps: Deps, streamOptions: EventStreamOptions = eventStreamOptionsFromEnv()): Router<AppState> {
  const service = nowPlayingService(deps);
  // One hub per app, reading through the same service (and so the same upstream poller).
  const hub = nowPlayingHub((tenant) => service.get(tenant), { ...streamOptions, now: deps.now });
  const router = new Router<AppState>();
  router.get('/api/np', async (ctx) => {
    ctx.body = await service.get(ctx.state.tenant);
    ctx.set('Cache-Control', 'public, max-age=10');
  });
  router.get('/api/np/events', nowPlayingEvents(hub, streamOptions));
  return router;
}
