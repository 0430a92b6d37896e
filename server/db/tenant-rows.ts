import type { Tenant } from '../../domain/tenants';
import type { Db } from './knex';
import { newId, nowIso } from './rows';

interface RecordMappers<Row, Item, Input> {
  toItem: (row: Row) => Item;
  toNewRow: (tenant: Tenant, input: Input, now: number) => Row;
}

/**
 * find, create, remove and updateColumns for a table of one tenant's items (ads, sponsors,
 * prayers, shows, events): the repository keeps its row shape, its own reads and how its
 * changes become columns, and shares these.
 */
export function tenantRecords<Row extends { id: string }, Item, Input>(
  db: Db,
  table: string,
  mappers: RecordMappers<Row, Item, Input>,
) {
  const records = {
    async find(tenant: Tenant, id: string): Promise<Item | null> {
      const row = (await db(table).where({ tenant, id }).first()) as Row | undefined;
      return row ? mappers.toItem(row) : null;
    },

    async create(tenant: Tenant, input: Input, now: number): Promise<Item> {
      const row = mappers.toNewRow(tenant, input, now);
      await db(table).insert(row);
      return mappers.toItem(row);
    },

    /** Writes the columns and reads the item back; null when there is no such item. No columns: just the read. */
    async updateColumns(tenant: Tenant, id: string, columns: Partial<Row>): Promise<Item | null> {
      if (Object.keys(columns).length === 0) return records.find(tenant, id);
      const count = await db(table).where({ tenant, id }).update(columns);
      return count ? records.find(tenant, id) : null;
    },

    async remove(tenant: Tenant, id: string): Promise<boolean> {
      return (await db(table).where({ tenant, id }).delete()) > 0;
    },
  };
  return records;
}

/**
 * tenantRecords for a table whose whole input is written on create and on update (shows,
 * events), with the update that writes it.
 */
export function tenantRows<Row extends { id: string }, Item, Input>(
  db: Db,
  table: string,
  mappers: RecordMappers<Row, Item, Input> & { toChangedColumns: (input: Input) => Partial<Row> },
) {
  const records = tenantRecords(db, table, mappers);
  return {
    find: records.find,
    create: records.create,
    remove: records.remove,
    update: (tenant: Tenant, id: string, input: Input): Promise<Item | null> =>
      records.updateColumns(tenant, id, mappers.toChangedColumns(input)),
  };
}

/** The row a new item becomes: a fresh id, its tenant and creation time, and its columns (shows, events). */
export const newTenantRow =
  <Row, Input>(toColumns: (input: Input) => Omit<Row, 'id' | 'tenant' | 'created_at'>) =>
  (tenant: Tenant, input: Input, now: number): Row =>
    ({ id: newId(), tenant, created_at: nowIso(now), ...toColumns(input) }) as Row;
