import type { NewShow, Show } from '../../../domain/shows';
import type { Tenant } from '../../../domain/tenants';
import type { Db } from '../../db/knex';
import { tenantRows } from '../../db/tenant-rows';
import { bool, jsonArray, newId, nowIso } from '../../db/rows';

// A type, not an interface: the seed hands these rows on as plain records.
type ShowRow = {
  id: string;
  tenant: string;
  title: string;
  description: string;
  start_time: string;
  end_time: string;
  days: string;
  /** SQLite answers 0/1, PostgreSQL a boolean. */
  record: boolean | number;
  created_at: string;
};

const toShow = (r: ShowRow): Show => ({
  id: r.id,
  title: r.title,
  description: r.description,
  startTime: r.start_time,
  endTime: r.end_time,
  days: jsonArray(r.days) as Show['days'],
  record: bool(r.record),
});

const toRow = (input: NewShow) => ({
  title: input.title,
  description: input.description,
  start_time: input.startTime,
  end_time: input.endTime,
  days: JSON.stringify(input.days),
  record: input.record,
});

/** The row a new show becomes (the demo seed inserts through it too). */
export const toShowRow = (tenant: Tenant, input: NewShow, now: number): ShowRow => ({
  id: newId(),
  tenant,
  created_at: nowIso(now),
  ...toRow(input),
});

export function showsRepository(db: Db) {
  return {
    async list(tenant: Tenant): Promise<Show[]> {
      const rows = await db<ShowRow>('shows').where({ tenant }).orderBy('start_time').orderBy('title').orderBy('id');
      return rows.map(toShow);
    },

    ...tenantRows(db, 'shows', { toItem: toShow, toNewRow: toShowRow, toChangedColumns: toRow }),
  };
}
