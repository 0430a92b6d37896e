import Router from '@koa/router';
import { activityRepository } from '../../http/activity.repository';
import { requireAdmin } from '../../http/admin-key';
import type { AppState, Deps } from '../../http/context';
import { badRequest } from '../../http/errors';
import { MAX_PAGE } from '../../http/paging';
import { queryString } from '../../http/validate';

const DEFAULT_PAGE = 50;

/**
 * GET /api/admin/activity (owner): newest first, `limit` (1–100, default 50) and `cursor`,
 * `Link: rel="next"` while more follow; `person` narrows it to one person's entries (`key`:
 * the admin key's). docs/api.md, "Admins who are people".
 */
export function activityRouter(deps: Deps): Router<AppState> {
  const activity = activityRepository(deps.db);
  const router = new Router<AppState>({ prefix: '/api/admin/activity' });

  router.get('/', requireAdmin(deps, 'owner'), async (ctx) => {
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
  });

  return router;
}
