import { createRecordTable } from '../migration-kit';

export const { up, down } = createRecordTable('shows', { tenant: true, indexes: [['tenant', 'start_time']] }, (t) => {
  t.string('title', 120).notNullable();
  t.text('description').notNullable();
  t.string('start_time', 5).notNullable();
  t.string('end_time', 5).notNullable();
  // JSON array of weekday names; both engines store it as text.
  t.text('days').notNullable();
});
