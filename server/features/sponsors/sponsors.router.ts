import Router from '@koa/router';
import { NewSponsorSchema, SponsorPatchSchema, type Sponsor, type SponsorPatch } from '../../../domain/sponsors';
import { adminDeleteRoute, adminPatchRoute, type AdminResource } from '../../http/admin-crud';
import { jsonBody } from '../../http/body';
import type { AppState, Deps } from '../../http/context';
import { idempotent } from '../../http/idempotency';
import { rateLimit } from '../../http/rate-limit';
import { parseWith } from '../../http/validate';
import { sponsorsRepository } from './sponsors.repository';
import { answerList, type ListOrder } from '../../http/paging';

/** Sponsor notes hold an applicant's contact details: admins only. */
const withoutNotes = ({ notes: _notes, ...rest }: Sponsor): Sponsor => rest;

const NEWEST_FIRST: ListOrder<{ id: string; createdAt: string }> = { key: (r) => [r.createdAt], dirs: ['desc'], id: (r) => r.id };

export function sponsorsRouter(deps: Deps): Router<AppState> {
  const sponsors = sponsorsRepository(deps.db);
  const router = new Router<AppState>({ prefix: '/api/sponsors' });

  router.get('/', async (ctx) => {
    const isAdmin = ctx.state.isAdmin;
    const list = await sponsors.list(ctx.state.tenant, { activeOnly: !isAdmin });
    answerList(ctx, isAdmin ? list : list.map(withoutNotes), NEWEST_FIRST);
  });

  router.post('/', rateLimit(deps, 'POST /api/sponsors'), jsonBody(deps), idempotent(deps), async (ctx) => {
    const input = parseWith(NewSponsorSchema, ctx.state.body);
    const sponsor = await sponsors.createApplication(ctx.state.tenant, input, deps.now());
    ctx.status = 201;
    ctx.body = ctx.state.isAdmin ? sponsor : withoutNotes(sponsor);
  });

  // Editors review applications: approving one is making it active.
  const SPONSOR: AdminResource<Sponsor> = { area: 'content', type: 'sponsor', label: (s) => s.name };
  const verb = (patch: SponsorPatch) => (patch.active === true ? 'approved' : patch.active === false ? 'deactivated' : 'changed');
  adminPatchRoute(router, deps, SponsorPatchSchema, sponsorsRepository, SPONSOR, 'Sponsor not found', verb);
  adminDeleteRoute(router, deps, sponsorsRepository, SPONSOR, 'Sponsor not found');

  return router;
}
