import { activityRepository } from './activity.repository';
import { badRequest } from '../../http/errors';
import { operationsWith } from '../../http/operation';
import { MAX_PAGE } from '../../http/paging';
import { queryString } from '../../http/validate';

const DEFAULT_PAGE = 50;

const op = operationsWith((deps) => ({ activity: activityRepository(deps.db) }), { tag: 'people' });

/**
 * GET /api/admin/activity (owner): newest first, `limit` (1–100, default 50) and `cursor`,
 * `Link: rel="next"` while more follow; `person` narrows it to one person's entries (`key`:
 * the admin key's). docs/api.md, "Admins who are people".
 */
export const ACTIVITY_OPERATIONS = [
  op({
    method: 'get', path: '/api/admin/activity', summary: 'The activity log (owner)',
    description: 'Every admin write, newest first, 50 at a time unless `limit` says otherwise.',
    role: 'owner',
    query: [
      { name: 'limit', description: 'At most this many entries (1–100, default 50).', schema: { type: 'integer', minimum: 1, maximum: 100 } },
      { name: 'cursor', description: "Opaque: the value the previous page's `Link: rel=\"next\"` carried.", schema: { type: 'string' } },
      { name: 'person', description: "One person's entries (their id), or `key` for the admin key's.", schema: { type: 'string' } },
    ],
    responses: { 200: { description: 'Entries.', json: { listOf: 'ActivityEntry' }, headers: { Link: '`<…&cursor=…>; rel="next"` while more entries follow.' } } },
    handle: async (ctx, { activity }) => {
      const rawLimit = queryString(ctx.query.limit);
      const limit = rawLimit === undefined ? DEFAULT_PAGE : /^\d{1,3}$/.test(rawLimit) ? Number(rawLimit) : NaN;
      if (!(limit >= 1 && limit <= MAX_PAGE)) throw badRequest(`limit must be a whole number from 1 to ${MAX_PAGE}`);
      const rawCursor = queryString(ctx.query.cursor);
      if (rawCursor !== undefined && !/^\d{1,15}$/.test(rawCursor)) throw badRequest('cursor is not one this server gave');
      const person = queryString(ctx.query.person, 64);
      const page = await activity.list({ limit, cursor: rawCursor === undefined ? undefined : Number(rawCursor), actorId: person });
      if (page.next) {
        const next = new URLSearchParams({ limit: String(limit), cursor: page.next });
        if (person) next.set('person', person);
        ctx.set('Link', `</api/admin/activity?${next}>; rel="next"`);
      }
      ctx.body = page.entries;
    },
  }),
];
