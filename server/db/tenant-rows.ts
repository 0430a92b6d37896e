import type { Tenant } from '../../domain/tenants';
import type { Db } from './knex';

/**
 * find, create, update and remove for a table of one tenant's items whose whole input is
 * written on create and on update (shows, events): the repository keeps its row shape and
 * its own reads, and shares these four.
 */
export function tenantRows<Row extends { id: string }, Item, Input>(
  db: Db,
  table: string,
  mappers: {
    toItem: (row: Row) => Item;
    toNewRow: (tenant: Tenant, input: Input, now: number) => Row;
    toChangedColumns: (input: Input) => Partial<Row>;
  },
) {
  const rows = {
    async find(tenant: Tenant, id: string): Promise<Item | null> {
      const row = (await db(table).where({ tenant, id }).first()) as Row | undefined;
      return row ? mappers.toItem(row) : null;
    },

    async create(tenant: Tenant, input: Input, now: number): Promise<Item> {
      const row = mappers.toNewRow(tenant, input, now);
      await db(table).insert(row);
      return mappers.toItem(row);
    },

    async update(tenant: Tenant, id: string, input: Input): Promise<Item | null> {
      const count = await db(table).where({ tenant, id }).update(mappers.toChangedColumns(input));
      return count ? rows.find(tenant, id) : null;
    },

    async remove(tenant: Tenant, id: string): Promise<boolean> {
      return (await db(table).where({ tenant, id }).delete()) > 0;
    },
  };
  return rows;
}
