import type { Knex } from 'knex';

// Builders for the shapes the migrations repeat. Each one returns the { up, down } pair a
// migration module exports, so the down step always undoes exactly what the up step made.

export interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

export type Columns = (t: Knex.CreateTableBuilder) => void;

/** Creates the tables in the order given; down drops them in the reverse order. */
export function createTables(tables: Record<string, Columns>): Migration {
  const names = Object.keys(tables);
  return {
    async up(knex) {
      for (const name of names) await knex.schema.createTable(name, tables[name]!);
    },
    async down(knex) {
      for (const name of [...names].reverse()) await knex.schema.dropTable(name);
    },
  };
}

export function createTable(name: string, columns: Columns): Migration {
  return createTables({ [name]: columns });
}

export interface RecordTableOptions {
  /** Rows belong to one station: a `tenant` column follows the id. */
  tenant: boolean;
  /** Indexes made after every column, in this order. */
  indexes: string[][];
}

/**
 * A table of content records: a string id, the tenant when the rows are per station, the
 * table's own columns, then the ISO `created_at` the lists sort by.
 */
export function createRecordTable(name: string, options: RecordTableOptions, columns: Columns): Migration {
  return createTable(name, (t) => {
    t.string('id', 64).primary();
    if (options.tenant) t.string('tenant', 32).notNullable();
    columns(t);
    t.string('created_at', 32).notNullable();
    for (const index of options.indexes) t.index(index);
  });
}

/** Adds one column to an existing table; down drops it again. */
export function addColumn(
  table: string,
  column: string,
  define: (t: Knex.AlterTableBuilder, column: string) => void,
): Migration {
  return {
    async up(knex) {
      await knex.schema.alterTable(table, (t) => define(t, column));
    },
    async down(knex) {
      await knex.schema.alterTable(table, (t) => {
        t.dropColumn(column);
      });
    },
  };
}

/** The moderation `reviewed_at` time (ISO, null until an admin approved or rejected the item). */
export function addReviewedAt(table: string): Migration {
  return addColumn(table, 'reviewed_at', (t, column) => {
    t.string(column, 32).nullable();
  });
}

// Required columns of one type, added in the order given: each call is exactly the
// `t.<type>(name…).notNullable()…` line it stands for, so a migration written with them makes
// the same DDL as one written column by column (migrations that ran in production must not
// change what they make).

/** Required strings: name → its length. */
export function strings(t: Knex.TableBuilder, lengths: Record<string, number>): void {
  for (const [name, length] of Object.entries(lengths)) t.string(name, length).notNullable();
}

/** Required 64-bit whole numbers (epoch milliseconds, byte counts). */
export function bigIntegers(t: Knex.TableBuilder, ...names: string[]): void {
  for (const name of names) t.bigInteger(name).notNullable();
}

/** Required whole-number counts that start at 0. */
export function counters(t: Knex.TableBuilder, ...names: string[]): void {
  for (const name of names) t.integer(name).notNullable().defaultTo(0);
}

/** Required flags that start false. */
export function flags(t: Knex.TableBuilder, ...names: string[]): void {
  for (const name of names) t.boolean(name).notNullable().defaultTo(false);
}
