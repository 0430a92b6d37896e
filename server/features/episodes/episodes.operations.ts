import type { Episode } from '../../../domain/episodes';
import { adminCreateDoc, changeDoc, deleteDoc, listDoc, type Collection } from '../../http/admin-crud';
import { notFound } from '../../http/errors';
import { LIST_QUERY, operationsWith } from '../../http/operation';
import { answerList, type ListOrder } from '../../http/paging';
import { queryString } from '../../http/validate';
import { episodesRepository } from './episodes.repository';
import { episodesService } from './episodes.service';

// docs/api.md "Admins who are people": episodes are the content area (editors and owners).
// Drafts (admins only) sort by when they were made, beside published ones by publication.
const NEWEST_FIRST: ListOrder<Episode> = { key: (r) => [r.publishedAt ?? r.createdAt], dirs: ['desc'], id: (r) => r.id };

const EPISODES: Collection<Episode> = { path: '/api/episodes', tag: 'episodes', component: 'Episode', area: 'content', type: 'episode', label: (e) => e.title, notFoundMessage: 'Episode not found' };

const op = operationsWith((deps) => ({ episodes: episodesRepository(deps.db), service: episodesService(deps) }), { tag: 'episodes' });

/** docs/api.md, Episodes. */
export const EPISODES_OPERATIONS = [
  op({
    ...listDoc(EPISODES, "The tenant's episodes (Listen Again)", {
      description: 'Visitors: published episodes, newest publication first. Admins: drafts too.',
      access: 'visitor-or-admin',
      query: [{ name: 'show_id', description: 'Episodes of one show.', schema: { type: 'string' } }, ...LIST_QUERY],
      answer: 'Episodes.',
    }),
    handle: async (ctx, { episodes }) => {
      const list = await episodes.list(ctx.state.tenant, { showId: queryString(ctx.query.show_id, 64), publishedOnly: !ctx.state.isAdmin });
      answerList(ctx, list, NEWEST_FIRST);
    },
  }),
  op({
    method: 'get', path: '/api/episodes/{id}', summary: 'One episode',
    access: 'visitor-or-admin',
    responses: { 200: { description: 'The episode.', json: 'Episode' }, 404: { description: 'Missing, or a draft asked by a visitor.', json: 'Error' } },
    handle: async (ctx, { episodes }) => {
      const episode = await episodes.find(ctx.state.tenant, ctx.params.id!);
      if (!episode || (episode.status !== 'published' && !ctx.state.isAdmin)) throw notFound('Episode not found');
      ctx.body = episode;
    },
  }),
  op({
    ...adminCreateDoc(EPISODES, 'Add an episode', 'NewEpisode'),
    description: 'From a finished upload of ours (purpose `episode`); duration and bytes are read from the file; the low-data rendition is made in the background.',
    handle: async (ctx, { service }, input) => {
      ctx.status = 201;
      ctx.body = await service.create(ctx, input);
    },
  }),
  op({
    ...changeDoc(EPISODES, 'Change or publish an episode', 'EpisodePatch'),
    handle: async (ctx, { service }, patch) => {
      ctx.body = await service.update(ctx, ctx.params.id!, patch);
    },
  }),
  op({
    ...deleteDoc(EPISODES, 'Delete an episode', 'Its files (the upload and the low-data rendition) go with it.'),
    handle: async (ctx, { service }) => {
      await service.remove(ctx, ctx.params.id!);
      ctx.status = 204;
    },
  }),
];
