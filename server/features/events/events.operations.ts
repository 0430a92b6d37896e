import type { Event } from '../../../domain/events';
import { EVENTS_UNAVAILABLE_MESSAGE } from '../../../domain/tenants';
import { adminCreate, adminDelete, adminMerge, listDoc, type Collection } from '../../http/admin-crud';
import { operationsWith } from '../../http/operation';
import { answerList, type ListOrder } from '../../http/paging';
import { eventsRepository } from './events.repository';

const SOONEST_FIRST: ListOrder<Event> = { key: (r) => [r.startIso], dirs: ['asc'], id: (r) => r.id };

// The tenant's 404 documents an unknown id too.
const EVENTS: Collection<Event> = { path: '/api/events', tag: 'events', component: 'Event', area: 'content', type: 'event', label: (e) => e.title, notFoundMessage: 'Event not found', documentsNotFound: false };

const op = operationsWith((deps) => ({ deps, events: eventsRepository(deps.db) }), { tag: 'events', tenantOnly: { tenant: 'watzhott', message: EVENTS_UNAVAILABLE_MESSAGE } });

/** docs/api.md, Events (watzhott only). */
export const EVENTS_OPERATIONS = [
  op({
    ...listDoc(EVENTS, 'List events', { description: 'Visitors: public events; admins: all; soonest first.', access: 'visitor-or-admin', answer: 'Events.' }),
    handle: async (ctx, { events }) => answerList(ctx, await events.list(ctx.state.tenant, { publicOnly: !ctx.state.isAdmin }), SOONEST_FIRST),
  }),
  adminCreate(op, EVENTS, { summary: 'Add an event', input: 'NewEvent' }, eventsRepository),
  adminMerge(op, EVENTS, { summary: 'Change an event', input: 'EventPatch', whole: 'NewEvent' }, eventsRepository),
  adminDelete(op, EVENTS, { summary: 'Delete an event' }, eventsRepository),
];
