import { createRecordTable } from '../migration-kit';

export const { up, down } = createRecordTable(
  'artists',
  { tenant: false, indexes: [['approved', 'country_code'], ['created_at']] },
  (t) => {
    t.string('name', 120).notNullable();
    t.text('bio').notNullable();
    t.string('country_code', 2).notNullable();
    t.string('photo_url', 2000).nullable();
    t.boolean('featured').notNullable().defaultTo(false);
    t.string('instagram', 2000).nullable();
    t.string('spotify', 2000).nullable();
    t.string('youtube', 2000).nullable();
    t.string('soundcloud', 2000).nullable();
    t.boolean('approved').notNullable().defaultTo(false);
  },
);
