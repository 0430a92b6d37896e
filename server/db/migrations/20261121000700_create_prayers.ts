import { createRecordTable } from '../migration-kit';

export const { up, down } = createRecordTable(
  'prayers',
  { tenant: true, indexes: [['tenant', 'approved', 'created_at']] },
  (t) => {
    t.text('text').notNullable();
    t.string('name_optional', 80).nullable();
    t.integer('hearts').notNullable().defaultTo(0);
    t.boolean('approved').notNullable().defaultTo(false);
  },
);
