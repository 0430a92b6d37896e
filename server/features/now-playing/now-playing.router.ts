import Router from '@koa/router';
import { localChangeBus } from '../../db/change-bus';
import type { AppState, Deps } from '../../http/context';
import { eventStreamOptionsFromEnv, nowPlayingEvents, type EventStreamOptions } from './now-playing.events';
import { nowPlayingHub } from './now-playing.hub';
import { nowPlayingService } from './now-playing.service';

export function nowPlayingRouter(deps: Deps, streamOptions: EventStreamOptions = eventStreamOptionsFromEnv()): Router<AppState> {
  const bus = deps.bus ?? localChangeBus();
  // A new upstream answer fetched here is told to every process (this one included).
  const service = nowPlayingService(deps, { onNewAnswer: (tenant) => bus.publish({ topic: 'np', tenant }) });
  // One hub per app, reading through the same service (and so the same upstream poller).
  const hub = nowPlayingHub((tenant) => service.get(tenant), { ...streamOptions, now: deps.now, tick: (tenant) => service.refresh(tenant) });
  bus.subscribe((change) => {
    // Another process's new upstream answer is in the database, not in this poller's memory.
    if (change.topic === 'np') service.forget(change.tenant);
    // A write (settings, shows…) may change the answer too: one read per process tells.
    hub.changed(change.tenant);
  });
  const router = new Router<AppState>();
  router.get('/api/np', async (ctx) => {
    ctx.body = await service.get(ctx.state.tenant);
    ctx.set('Cache-Control', 'public, max-age=10');
  });
  router.get('/api/np/events', nowPlayingEvents(hub, streamOptions));
  return router;
}
