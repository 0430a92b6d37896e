import type { Show } from '../../../domain/shows';
import { adminCreate, adminDelete, adminMerge, listDoc, type Collection } from '../../http/admin-crud';
import { operationsWith } from '../../http/operation';
import { answerList, type ListOrder } from '../../http/paging';
import { showsRepository } from './shows.repository';

const BY_START: ListOrder<Show> = { key: (r) => [r.startTime, r.title], dirs: ['asc', 'asc'], id: (r) => r.id };

const SHOWS: Collection<Show> = { path: '/api/shows', tag: 'shows', component: 'Show', area: 'content', type: 'show', label: (s) => s.title, notFoundMessage: 'Show not found' };

const op = operationsWith((deps) => ({ deps, shows: showsRepository(deps.db) }), { tag: 'shows' });

/** docs/api.md, Shows. */
export const SHOWS_OPERATIONS = [
  op({
    ...listDoc(SHOWS, "The tenant's weekly shows", { access: 'visitor-or-admin', answer: 'Shows.' }),
    handle: async (ctx, { shows }) => answerList(ctx, await shows.list(ctx.state.tenant), BY_START),
  }),
  adminCreate(op, SHOWS, { summary: 'Add a show', input: 'NewShow' }, showsRepository),
  adminMerge(op, SHOWS, { summary: 'Change a show', input: 'ShowPatch', whole: 'NewShow' }, showsRepository),
  adminDelete(op, SHOWS, { summary: 'Delete a show' }, showsRepository),
];
