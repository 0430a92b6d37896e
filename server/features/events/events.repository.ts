import type { Event, NewEvent } from '../../../domain/events';
import type { Tenant } from '../../../domain/tenants';
import type { Db } from '../../db/knex';
import { newTenantRow, tenantRows } from '../../db/tenant-rows';
import { bool, numOrNull, strOrNull } from '../../db/rows';

// A type, not an interface: the seed hands these rows on as plain records.
type EventRow = {
  id: string;
  tenant: string;
  title: string;
  image_url: string | null;
  start_iso: string;
  location_text: string;
  price_from: number | string | null;
  ticket_url: string | null;
  is_public: unknown;
  created_at: string;
};

const toEvent = (r: EventRow): Event => ({
  id: r.id,
  title: r.title,
  imageUrl: strOrNull(r.image_url),
  startIso: r.start_iso,
  locationText: r.location_text,
  priceFrom: numOrNull(r.price_from),
  ticketUrl: strOrNull(r.ticket_url),
  isPublic: bool(r.is_public),
});

const toRow = (input: NewEvent) => ({
  title: input.title,
  image_url: input.imageUrl,
  start_iso: input.startIso,
  location_text: input.locationText,
  price_from: input.priceFrom,
  ticket_url: input.ticketUrl,
  is_public: input.isPublic,
});

/** The row a new event becomes (the demo seed inserts through it too). */
export const toEventRow = newTenantRow<EventRow, NewEvent>(toRow);

export function eventsRepository(db: Db) {
  return {
    /** Soonest first. */
    async list(tenant: Tenant, filter: { publicOnly: boolean }): Promise<Event[]> {
      const q = db<EventRow>('events').where({ tenant });
      if (filter.publicOnly) q.andWhere({ is_public: true });
      return (await q.orderBy('start_iso').orderBy('id')).map(toEvent);
    },

    ...tenantRows(db, 'events', { toItem: toEvent, toNewRow: toEventRow, toChangedColumns: toRow }),
  };
}
