import type { Track } from '../../../domain/tracks';
import { adminDeleteWithFiles, changeDoc, listDoc, moderationVerb, publicSubmitDoc, withActivity, type Collection } from '../../http/admin-crud';
import { badRequest, notFound } from '../../http/errors';
import { LIST_QUERY, operationsWith } from '../../http/operation';
import { answerList, type ListOrder } from '../../http/paging';
import { queryBoolean, queryString } from '../../http/validate';
import { trackRenditions } from './renditions.service';
import { tracksRepository } from './tracks.repository';

const NEWEST_FIRST: ListOrder<Track> = { key: (r) => [r.createdAt], dirs: ['desc'], id: (r) => r.id };

const TRACKS: Collection<Track> = { path: '/api/tracks', tag: 'tracks', component: 'Track', area: 'moderation', type: 'track', label: (t) => t.title, notFoundMessage: 'Track not found' };

const op = operationsWith((deps) => ({ deps, tracks: tracksRepository(deps.db), renditions: trackRenditions(deps) }), { tag: 'tracks' });

/** docs/api.md, Tracks. */
export const TRACKS_OPERATIONS = [
  op({
    ...listDoc(TRACKS, 'List tracks', {
      description: 'Visitors: approved tracks only. Admins: all.',
      access: 'visitor-or-admin',
      query: [{ name: 'artist_id', description: 'Tracks of one artist.', schema: { type: 'string' } }, ...LIST_QUERY],
      answer: 'Tracks.',
    }),
    handle: async (ctx, { tracks }) => {
      const filter = {
        artistId: queryString(ctx.query.artist_id, 64),
        publicOnly: !ctx.state.isAdmin,
        // pending=true (admin): the moderation queue.
        pending: ctx.state.isAdmin && queryBoolean(ctx.query.pending) === true,
      };
      answerList(ctx, await tracks.list(filter), NEWEST_FIRST);
    },
  }),
  op({
    ...publicSubmitDoc(TRACKS, 'Submit a track', 'NewTrack', 'Stored pending: status "pending", featured false.'),
    handle: async (ctx, { deps, tracks }, input) => {
      if (!(await tracks.artistExists(input.artistId))) {
        throw badRequest('Artist not found', [{ path: 'artistId', message: 'Artist not found' }]);
      }
      ctx.status = 201;
      ctx.body = await tracks.create(input, deps.now());
    },
  }),
  op({
    ...changeDoc(TRACKS, 'Moderate a track', 'TrackModeration'),
    handle: async (ctx, { deps, renditions }, change) => {
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
    },
  }),
  adminDeleteWithFiles(op, TRACKS, { summary: 'Delete a track', description: "The row's uploaded files go with it." }, async (trx, ctx) => {
    const gone = await tracksRepository(trx).remove(ctx.params.id!);
    return gone ? { item: gone, fileUrls: [gone.fileUrl, gone.coverUrl, gone.lowDataUrl] } : null;
  }),
];
