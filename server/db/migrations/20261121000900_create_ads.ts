import { createRecordTable } from '../migration-kit';

export const { up, down } = createRecordTable('ads', { tenant: true, indexes: [['tenant', 'active']] }, (t) => {
  t.string('image_url', 2000).notNullable();
  t.string('target_url', 2000).notNullable();
  t.string('alt', 200).notNullable();
  // JSON arrays of slot names and country codes.
  t.text('slots').notNullable();
  t.text('countries').notNullable();
  t.boolean('active').notNullable().defaultTo(true);
  t.integer('impressions').notNullable().defaultTo(0);
  t.integer('clicks').notNullable().defaultTo(0);
});
