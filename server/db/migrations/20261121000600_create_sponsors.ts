import { createRecordTable, strings } from '../migration-kit';

export const { up, down } = createRecordTable('sponsors', { tenant: true, indexes: [['tenant', 'active']] }, (t) => {
  strings(t, { name: 160, tier: 16 });
  t.string('image_url', 2000).nullable();
  t.text('notes').notNullable();
  t.string('target_url', 2000).nullable();
  t.boolean('active').notNullable().defaultTo(false);
});
