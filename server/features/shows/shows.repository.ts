import type { NewShow, Show } from '../../../domain/shows';
import type { Tenant } from '../../../domain/tenants';
import type { Db } from '../../db/knex';
import { tenantRows } from '../../db/tenant-rows';
import { newId, nowIso } from '../../db/rows';
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
