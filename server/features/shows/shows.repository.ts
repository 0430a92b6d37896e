import type { NewShow, Show } from '../../../domain/shows';
import type { Tenant } from '../../../domain/tenants';
import type { Db } from '../../db/knex';
import { newTenantRow, tenantRows } from '../../db/tenant-rows';
import { toShow, type ShowRow } from '../../db/show-rows';

const toRow = (input: NewShow) => ({
  title: input.title,
  description: input.description,
  start_time: input.startTime,
  end_time: input.endTime,
  days: JSON.stringify(input.days),
  record: input.record,
});

/** The row a new show becomes (the demo seed inserts through it too). */
export const toShowRow = newTenantRow<ShowRow, NewShow>(toRow);

export function showsRepository(db: Db) {
  return {
    async list(tenant: Tenant): Promise<Show[]> {
      const rows = await db<ShowRow>('shows').where({ tenant }).orderBy('start_time').orderBy('title').orderBy('id');
      return rows.map(toShow);
    },

    ...tenantRows(db, 'shows', { toItem: toShow, toNewRow: toShowRow, toChangedColumns: toRow }),

    /** The ids among `ids` that are shows of this tenant (a push subscription's). */
    async idsAmong(tenant: Tenant, ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db('shows').where({ tenant }).whereIn('id', ids).select('id');
      return new Set(rows.map((r: { id: string }) => r.id));
    },

    /** These shows of the tenant, in no order. */
    async byIds(tenant: Tenant, ids: readonly string[]): Promise<Show[]> {
      if (ids.length === 0) return [];
      const rows = await db<ShowRow>('shows').where({ tenant }).whereIn('id', ids);
      return rows.map(toShow);
    },

    /** Titles of the tenant's shows by id, for the feed's and the page's 'show' line. */
    async titles(tenant: Tenant): Promise<Map<string, string>> {
      const rows = await db('shows').where({ tenant }).select<{ id: string; title: string }[]>('id', 'title');
      return new Map(rows.map((r) => [r.id, r.title]));
    },

    /** The shows the recorder records (docs/recorder.md), by id. */
    async recorded(tenant: Tenant): Promise<Show[]> {
      const rows = await db<ShowRow>('shows').where({ tenant, record: true }).orderBy('id');
      return rows.map(toShow);
    },
  };
}
