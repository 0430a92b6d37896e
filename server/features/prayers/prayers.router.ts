import Router from '@koa/router';
import compose from 'koa-compose';
import { NewPrayerSchema, PrayerModerationSchema, type Prayer } from '../../../domain/prayers';
import { PRAYERS_UNAVAILABLE_MESSAGE, tenantHasPrayers } from '../../../domain/tenants';
import { adminDeleteRoute, withActivity, type AdminResource } from '../../http/admin-crud';
import { requireAdmin } from '../../http/admin-key';
import { jsonBody } from '../../http/body';
import type { AppContext, AppState, Deps } from '../../http/context';
import { gateTenant } from '../../http/tenant-gate';
import { badRequest, notFound, unauthorized } from '../../http/errors';
import { idempotent } from '../../http/idempotency';
import { rateLimit } from '../../http/rate-limit';
import { parseWith, queryBoolean } from '../../http/validate';
import { prayersRepository } from './prayers.repository';
import { answerList, type ListOrder } from '../../http/paging';

const PRAYER: AdminResource<Prayer> = { area: 'moderation', type: 'prayer', label: (p) => `prayer from ${p.nameOptional || 'Anonymous'}` };

const NEWEST_FIRST: ListOrder<Prayer> = { key: (r) => [r.createdAt], dirs: ['desc'], id: (r) => r.id };

export function prayersRouter(deps: Deps): Router<AppState> {
  const prayers = prayersRepository(deps.db);
  const router = new Router<AppState>({ prefix: '/api/prayers' });
  gateTenant(router, '/api/prayers', tenantHasPrayers, PRAYERS_UNAVAILABLE_MESSAGE);

  router.get('/', async (ctx) => {
    const approved = queryBoolean(ctx.query.approved);
    if (!ctx.state.isAdmin) {
      if (approved === false) throw unauthorized();
      answerList(ctx, await prayers.list(ctx.state.tenant, { approved: true }), NEWEST_FIRST);
      return;
    }
    // pending=true: the moderation queue (not approved, not yet reviewed).
    const pending = queryBoolean(ctx.query.pending) === true;
    answerList(ctx, await prayers.list(ctx.state.tenant, { approved, pending }), NEWEST_FIRST);
  });

  router.post('/', rateLimit(deps, 'POST /api/prayers'), jsonBody(deps), idempotent(deps), async (ctx) => {
    const input = parseWith(NewPrayerSchema, ctx.state.body);
    ctx.status = 201;
    ctx.body = await prayers.create(ctx.state.tenant, input, deps.now());
  });

  // One path, two callers: a visitor adds a heart, an admin moderates.
  const addHeart = compose<AppContext>([
    rateLimit(deps, 'PATCH /api/prayers/:id'),
    idempotent(deps),
    async (ctx) => {
      const body = ctx.state.body;
      if (typeof body !== 'object' || body === null || !('hearts' in body)) {
        throw badRequest('Send {"hearts": n} to add a heart');
      }
      // Whatever number was sent, exactly one heart is added (docs/api.md).
      const result = await prayers.addHeart(ctx.state.tenant, ctx.params.id!);
      if (!result) throw notFound('Prayer not found');
      ctx.body = result;
    },
  ]);
  const moderate = compose<AppContext>([
    requireAdmin(deps, 'moderation'),
    async (ctx) => {
      const { approved } = parseWith(PrayerModerationSchema, ctx.state.body);
      ctx.body = await withActivity(
        deps,
        ctx,
        async (trx) => {
          const prayer = await prayersRepository(trx).setApproved(ctx.state.tenant, ctx.params.id!, approved, deps.now());
          if (!prayer) throw notFound('Prayer not found');
          return prayer;
        },
        (p) => ({ action: approved ? 'prayer.approve' : 'prayer.reject', target: { type: 'prayer', id: p.id }, summary: `${approved ? 'approved' : 'rejected'} ${PRAYER.label(p)}` }),
      );
    },
  ]);
  router.patch('/:id', jsonBody(deps), (ctx, next) => {
    const body = ctx.state.body;
    const moderating = typeof body === 'object' && body !== null && 'approved' in body;
    return moderating ? moderate(ctx, next) : addHeart(ctx, next);
  });

  adminDeleteRoute(router, deps, prayersRepository, PRAYER, 'Prayer not found');

  return router;
}
