import Router from '@koa/router';
import { NewEventSchema } from '../../../domain/events';
import { EVENTS_UNAVAILABLE_MESSAGE, tenantHasEvents } from '../../../domain/tenants';
import { requireAdmin } from '../../http/admin-key';
import { jsonBody } from '../../http/body';
import type { AppState, Deps } from '../../http/context';
import { gateTenant } from '../../http/tenant-gate';
import { notFound } from '../../http/errors';
import { mergePatch, parseWith } from '../../http/validate';
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

  router.post('/', requireAdmin(deps), jsonBody(deps), async (ctx) => {
    const input = parseWith(NewEventSchema, ctx.state.body);
    ctx.status = 201;
    ctx.body = await events.create(ctx.state.tenant, input, deps.now());
  });

  router.patch('/:id', requireAdmin(deps), jsonBody(deps), async (ctx) => {
    const current = await events.find(ctx.state.tenant, ctx.params.id!);
    if (!current) throw notFound('Event not found');
    const input = parseWith(NewEventSchema, mergePatch(current, ctx.state.body));
    ctx.body = await events.update(ctx.state.tenant, current.id, input);
  });

  router.delete('/:id', requireAdmin(deps), async (ctx) => {
    if (!(await events.remove(ctx.state.tenant, ctx.params.id!))) throw notFound('Event not found');
    ctx.status = 204;
  });

  return router;
}
