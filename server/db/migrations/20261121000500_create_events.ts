import { createRecordTable } from '../migration-kit';

export const { up, down } = createRecordTable('events', { tenant: true, indexes: [['tenant', 'start_iso']] }, (t) => {
  t.string('title', 160).notNullable();
  t.string('image_url', 2000).nullable();
  t.string('start_iso', 32).notNullable();
  t.string('location_text', 200).notNullable();
  t.double('price_from').nullable();
  t.string('ticket_url', 2000).nullable();
  t.boolean('is_public').notNullable().defaultTo(true);
});
