import { createRecordTable } from '../migration-kit';

export const { up, down } = createRecordTable('sponsors', { tenant: true, indexes: [['tenant', 'active']] }, (t) => {
  t.string('name', 160).notNullable();
  t.string('tier', 16).notNullable();
  t.string('image_url', 2000).nullable();
  t.text('notes').notNullable();
  t.string('target_url', 2000).nullable();
  t.boolean('active').notNullable().defaultTo(false);
});
