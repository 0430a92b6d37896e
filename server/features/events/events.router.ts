import Router from '@koa/router';
import { NewEventSchema } from '../../../domain/events';
import { EVENTS_UNAVAILABLE_MESSAGE, tenantHasEvents } from '../../../domain/tenants';
import { adminWriteRoutes } from '../../http/admin-crud';
import type { AppState, Deps } from '../../http/context';
import { gateTenant } from '../../http/tenant-gate';
import { eventsRepository } from './events.repository';
import { answerList, type ListOrder } from '../../http/paging';
import type { Event } from '../../../domain/events';

const SOONEST_FIRST: ListOrder<Event> = { key: (r) => [r.startIso], dirs: ['asc'], id: (r) => r.id };

export function eventsRouter(deps: Deps): Router<AppState> {
  const events = eventsRepository(deps.db);
  const router = new Router<AppState>({ prefix: '/api/events' });

  gateTenant(router, '/api/events', tenantHasEvents, EVENTS_UNAVAILABLE_MESSAGE);

  router.get('/', async (ctx) => {
    answerList(ctx, await events.list(ctx.state.tenant, { publicOnly: !ctx.state.isAdmin }), SOONEST_FIRST);
  });

  adminWriteRoutes(router, deps, NewEventSchema, eventsRepository, { area: 'content', type: 'event', label: (e) => e.title }, 'Event not found');

  return router;
}
