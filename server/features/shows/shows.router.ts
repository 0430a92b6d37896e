import Router from '@koa/router';
import { NewShowSchema } from '../../../domain/shows';
import { adminWriteRoutes } from '../../http/admin-crud';
import type { AppState, Deps } from '../../http/context';
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

  adminWriteRoutes(router, deps, NewShowSchema, showsRepository, { area: 'content', type: 'show', label: (s) => s.title }, 'Show not found');

  return router;
}
