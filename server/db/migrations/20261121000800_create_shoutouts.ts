import { createRecordTable } from '../migration-kit';

export const { up, down } = createRecordTable('shoutouts', { tenant: true, indexes: [['tenant', 'approved']] }, (t) => {
  t.string('name_optional', 80).nullable();
  t.string('audio_url', 2000).notNullable();
  t.boolean('approved').notNullable().defaultTo(false);
});
