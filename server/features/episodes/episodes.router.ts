import Router from '@koa/router';
import { EpisodePatchSchema, NewEpisodeSchema, type Episode } from '../../../domain/episodes';
import { requireAdmin } from '../../http/admin-key';
import { jsonBody } from '../../http/body';
import type { AppState, Deps } from '../../http/context';
import { notFound } from '../../http/errors';
import { answerList, type ListOrder } from '../../http/paging';
import { parseWith, queryString } from '../../http/validate';
import { episodesRepository } from './episodes.repository';
import { episodesService } from './episodes.service';

// docs/api.md "Admins who are people": episodes are the content area (editors and owners).
// Drafts (admins only) sort by when they were made, beside published ones by publication.
const NEWEST_FIRST: ListOrder<Episode> = { key: (r) => [r.publishedAt ?? r.createdAt], dirs: ['desc'], id: (r) => r.id };

/** docs/api.md, Episodes. */
export function episodesRouter(deps: Deps): Router<AppState> {
  const episodes = episodesRepository(deps.db);
  const service = episodesService(deps);
  const router = new Router<AppState>({ prefix: '/api/episodes' });

  router.get('/', async (ctx) => {
    const list = await episodes.list(ctx.state.tenant, { showId: queryString(ctx.query.show_id, 64), publishedOnly: !ctx.state.isAdmin });
    answerList(ctx, list, NEWEST_FIRST);
  });

  router.get('/:id', async (ctx) => {
    const episode = await episodes.find(ctx.state.tenant, ctx.params.id!);
    if (!episode || (episode.status !== 'published' && !ctx.state.isAdmin)) throw notFound('Episode not found');
    ctx.body = episode;
  });

  router.post('/', requireAdmin(deps, 'content'), jsonBody(deps), async (ctx) => {
    const input = parseWith(NewEpisodeSchema, ctx.state.body);
    ctx.status = 201;
    ctx.body = await service.create(ctx, input);
  });

  router.patch('/:id', requireAdmin(deps, 'content'), jsonBody(deps), async (ctx) => {
    const patch = parseWith(EpisodePatchSchema, ctx.state.body);
    ctx.body = await service.update(ctx, ctx.params.id!, patch);
  });

  router.delete('/:id', requireAdmin(deps, 'content'), async (ctx) => {
    await service.remove(ctx, ctx.params.id!);
    ctx.status = 204;
  });

  return router;
}
