import Router from '@koa/router';
import { NewShowSchema } from '../../../domain/shows';
import { requireAdmin } from '../../http/admin-key';
import { jsonBody } from '../../http/body';
import type { AppState, Deps } from '../../http/context';
import { notFound } from '../../http/errors';
import { mergePatch, parseWith } from '../../http/validate';
import { showsRepository } from './shows.repository';
import { answerList, type ListOrder } from '../../http/paging';
import type { Show } from '../../../domain/shows';

const BY_START: ListOrder<Show> = { key: (r) => [r.startTime, r.title], dirs: ['asc', 'asc'], id: (r) => r.id };

export function showsRouter(deps: Deps): Router<AppState> {
  const shows = showsRepository(deps.db);
  const router = new Router<AppState>({ prefix: '/api/shows' });

  router.get('/', async (ctx) => {
    answerList(ctx, await shows.list(ctx.state.tenant), BY_START);
  });

  router.post('/', requireAdmin(deps), jsonBody(deps), async (ctx) => {
    const input = parseWith(NewShowSchema, ctx.state.body);
    ctx.status = 201;
    ctx.body = await shows.create(ctx.state.tenant, input, deps.now());
  });

  router.patch('/:id', requireAdmin(deps), jsonBody(deps), async (ctx) => {
    const current = await shows.find(ctx.state.tenant, ctx.params.id!);
    if (!current) throw notFound('Show not found');
    const input = parseWith(NewShowSchema, mergePatch(current, ctx.state.body));
    ctx.body = await shows.update(ctx.state.tenant, current.id, input);
  });

  router.delete('/:id', requireAdmin(deps), async (ctx) => {
    if (!(await shows.remove(ctx.state.tenant, ctx.params.id!))) throw notFound('Show not found');
    ctx.status = 204;
  });

  return router;
}
