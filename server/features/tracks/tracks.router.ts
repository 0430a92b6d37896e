import Router from '@koa/router';
import { NewTrackSchema, TrackModerationSchema } from '../../../domain/tracks';
import { moderationVerb, withActivity } from '../../http/admin-crud';
import { requireAdmin } from '../../http/admin-key';
import { jsonBody } from '../../http/body';
import type { AppState, Deps } from '../../http/context';
import { badRequest, notFound } from '../../http/errors';
import { idempotent } from '../../http/idempotency';
import { rateLimit } from '../../http/rate-limit';
import { parseWith, queryBoolean, queryString } from '../../http/validate';
import { trackRenditions, type TrackRenditions } from './renditions.service';
import { tracksRepository } from './tracks.repository';
import { answerList, type ListOrder } from '../../http/paging';
import type { Track } from '../../../domain/tracks';
import { deleteUploadedFiles } from '../../media/media-files';

const NEWEST_FIRST: ListOrder<Track> = { key: (r) => [r.createdAt], dirs: ['desc'], id: (r) => r.id };

export function tracksRouter(deps: Deps, renditions: TrackRenditions = trackRenditions(deps)): Router<AppState> {
  const tracks = tracksRepository(deps.db);
  const router = new Router<AppState>({ prefix: '/api/tracks' });

  router.get('/', async (ctx) => {
    const filter = {
      artistId: queryString(ctx.query.artist_id, 64),
      publicOnly: !ctx.state.isAdmin,
      // pending=true (admin): the moderation queue.
      pending: ctx.state.isAdmin && queryBoolean(ctx.query.pending) === true,
    };
    answerList(ctx, await tracks.list(filter), NEWEST_FIRST);
  });

  router.post('/', rateLimit(deps, 'POST /api/tracks'), jsonBody(deps), idempotent(deps), async (ctx) => {
    const input = parseWith(NewTrackSchema, ctx.state.body);
    if (!(await tracks.artistExists(input.artistId))) {
      throw badRequest('Artist not found', [{ path: 'artistId', message: 'Artist not found' }]);
    }
    ctx.status = 201;
    ctx.body = await tracks.create(input, deps.now());
  });

  router.patch('/:id', requireAdmin(deps, 'moderation'), jsonBody(deps), async (ctx) => {
    const change = parseWith(TrackModerationSchema, ctx.state.body);
    const track = await withActivity(
      deps,
      ctx,
      async (trx) => {
        const moderated = await tracksRepository(trx).moderate(ctx.params.id!, change);
        if (!moderated) throw notFound('Track not found');
        return moderated;
      },
      (t) => ({ action: `track.${moderationVerb(change.status === 'approved' ? true : change.status === 'rejected' ? false : undefined)}`, target: { type: 'track', id: t.id }, summary: `${change.status ?? 'changed'} track ${t.title}` }),
    );
    // Approval makes the low-data rendition in the background; the answer does not wait.
    await renditions.request(track);
    ctx.body = track;
  });

  router.delete('/:id', requireAdmin(deps, 'moderation'), async (ctx) => {
    const removed = await withActivity(
      deps,
      ctx,
      async (trx) => {
        const gone = await tracksRepository(trx).remove(ctx.params.id!);
        if (!gone) throw notFound('Track not found');
        return gone;
      },
      (t) => ({ action: 'track.delete', target: { type: 'track', id: t.id }, summary: `deleted track ${t.title}` }),
    );
    await deleteUploadedFiles(deps, [removed.fileUrl, removed.coverUrl, removed.lowDataUrl]);
    ctx.status = 204;
  });

  return router;
}
