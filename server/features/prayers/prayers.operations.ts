import type { Prayer } from '../../../domain/prayers';
import { PRAYERS_UNAVAILABLE_MESSAGE } from '../../../domain/tenants';
import { adminDelete, listDoc, moderate, publicSubmitDoc, type Collection } from '../../http/admin-crud';
import { requireAdmin } from '../../http/admin-key';
import type { AppContext } from '../../http/context';
import { badRequest, notFound, unauthorized } from '../../http/errors';
import { APPROVED_QUERY, LIST_QUERY, operationsWith } from '../../http/operation';
import { answerList, type ListOrder } from '../../http/paging';
import { PrayerModerationSchema } from '../../../domain/prayers';
import { parseWith, queryBoolean } from '../../http/validate';
import { prayersRepository } from './prayers.repository';

const PRAYERS: Collection<Prayer> = {
  path: '/api/prayers',
  tag: 'prayers',
  component: 'Prayer',
  area: 'moderation',
  type: 'prayer',
  label: (p) => `prayer from ${p.nameOptional || 'Anonymous'}`,
  notFoundMessage: 'Prayer not found',
};

const NEWEST_FIRST: ListOrder<Prayer> = { key: (r) => [r.createdAt], dirs: ['desc'], id: (r) => r.id };

/** One path, two callers: a body with `approved` is an admin's moderation, any other a visitor's heart. */
const moderating = (ctx: AppContext) => {
  const body = ctx.state.body;
  return typeof body === 'object' && body !== null && 'approved' in body;
};

const op = operationsWith((deps) => ({ deps, prayers: prayersRepository(deps.db), moderator: requireAdmin(deps, 'moderation') }), {
  tag: 'prayers',
  tenantOnly: { tenant: 'caribbean', message: PRAYERS_UNAVAILABLE_MESSAGE },
});

/** docs/api.md, Prayers (caribbean only). */
export const PRAYERS_OPERATIONS = [
  op({
    ...listDoc(PRAYERS, 'List prayers', {
      description: 'Visitors: approved prayers only (`approved=false` is a 401). Admins: as asked.',
      access: 'visitor-or-admin',
      query: [APPROVED_QUERY, ...LIST_QUERY],
      answer: 'Prayers, newest first.',
    }),
    handle: async (ctx, { prayers }) => {
      const approved = queryBoolean(ctx.query.approved);
      if (!ctx.state.isAdmin) {
        if (approved === false) throw unauthorized();
        answerList(ctx, await prayers.list(ctx.state.tenant, { approved: true }), NEWEST_FIRST);
        return;
      }
      // pending=true: the moderation queue (not approved, not yet reviewed).
      const pending = queryBoolean(ctx.query.pending) === true;
      answerList(ctx, await prayers.list(ctx.state.tenant, { approved, pending }), NEWEST_FIRST);
    },
  }),
  op({
    ...publicSubmitDoc(PRAYERS, 'Send a prayer request', 'NewPrayer', 'Stored pending, no hearts.'),
    handle: async (ctx, { deps, prayers }, input) => {
      ctx.status = 201;
      ctx.body = await prayers.create(ctx.state.tenant, input, deps.now());
    },
  }),
  op({
    method: 'patch', path: '/api/prayers/{id}', summary: 'Add a heart (visitor) or moderate (admin)',
    description: 'A body with `approved` is moderation and needs the key. Otherwise `{hearts}` adds exactly one heart, atomically, to an approved prayer (rate-limited, Idempotency-Key accepted).',
    access: 'visitor-or-admin',
    // The heart is the public write: the body says which it is, so it is read first.
    bodyFirst: true,
    rateLimit: { skip: moderating },
    idempotent: { skip: moderating },
    body: { json: { anyOf: ['PrayerHeart', 'PrayerModeration'] } },
    responses: {
      200: { description: 'Visitor: the new heart count. Admin: the prayer.', json: { visitor: 'PrayerHearts', admin: 'Prayer' } },
      404: { description: 'No such prayer (or, for a heart, not approved).', json: 'Error' },
    },
    handle: async (ctx, { deps, prayers, moderator }) => {
      if (moderating(ctx)) {
        await moderator(ctx, async () => {
          const { approved } = parseWith(PrayerModerationSchema, ctx.state.body);
          ctx.body = await moderate(deps, ctx, PRAYERS, approved, prayersRepository);
        });
        return;
      }
      const body = ctx.state.body;
      if (typeof body !== 'object' || body === null || !('hearts' in body)) {
        throw badRequest('Send {"hearts": n} to add a heart');
      }
      // Whatever number was sent, exactly one heart is added (docs/api.md).
      const result = await prayers.addHeart(ctx.state.tenant, ctx.params.id!);
      if (!result) throw notFound('Prayer not found');
      ctx.body = result;
    },
  }),
  adminDelete(op, PRAYERS, { summary: 'Delete a prayer' }, prayersRepository),
];
