import type { Sponsor } from '../../../domain/sponsors';
import { adminDelete, adminPatch, listDoc, publicSubmitDoc, type Collection } from '../../http/admin-crud';
import { operationsWith } from '../../http/operation';
import { answerList, type ListOrder } from '../../http/paging';
import { sponsorsRepository } from './sponsors.repository';

/** Sponsor notes hold an applicant's contact details: admins only. */
const withoutNotes = ({ notes: _notes, ...rest }: Sponsor): Sponsor => rest;

const NEWEST_FIRST: ListOrder<{ id: string; createdAt: string }> = { key: (r) => [r.createdAt], dirs: ['desc'], id: (r) => r.id };

// Editors review applications: approving one is making it active.
const SPONSORS: Collection<Sponsor> = { path: '/api/sponsors', tag: 'sponsors', component: 'Sponsor', area: 'content', type: 'sponsor', label: (s) => s.name, notFoundMessage: 'Sponsor not found' };

const op = operationsWith((deps) => ({ deps, sponsors: sponsorsRepository(deps.db) }), { tag: 'sponsors' });

/** docs/api.md, Sponsors. */
export const SPONSORS_OPERATIONS = [
  op({
    ...listDoc(SPONSORS, 'List sponsors', {
      description: 'Visitors: active sponsors, without notes. Admins: all, with notes.',
      access: 'visitor-or-admin',
      answer: 'Sponsors.',
      json: { visitor: { listOf: 'PublicSponsor' }, admin: { listOf: 'Sponsor' } },
    }),
    handle: async (ctx, { sponsors }) => {
      const isAdmin = ctx.state.isAdmin;
      const list = await sponsors.list(ctx.state.tenant, { activeOnly: !isAdmin });
      answerList(ctx, isAdmin ? list : list.map(withoutNotes), NEWEST_FIRST);
    },
  }),
  op({
    ...publicSubmitDoc(SPONSORS, 'Apply to sponsor', 'NewSponsor', 'Stored inactive; notes only in an admin’s answer.', { visitor: 'PublicSponsor', admin: 'Sponsor' }),
    handle: async (ctx, { deps, sponsors }, input) => {
      const sponsor = await sponsors.createApplication(ctx.state.tenant, input, deps.now());
      ctx.status = 201;
      ctx.body = ctx.state.isAdmin ? sponsor : withoutNotes(sponsor);
    },
  }),
  adminPatch(op, SPONSORS, { summary: 'Review a sponsor', input: 'SponsorPatch' }, sponsorsRepository, (patch) =>
    patch.active === true ? 'approved' : patch.active === false ? 'deactivated' : 'changed',
  ),
  adminDelete(op, SPONSORS, { summary: 'Delete a sponsor' }, sponsorsRepository),
];
