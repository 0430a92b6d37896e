import { createRecordTable } from '../migration-kit';

// docs/api.md, Episodes. Times of publication are ISO strings like every created_at.
export const { up, down } = createRecordTable('episodes', { tenant: true, indexes: [['tenant', 'status', 'published_at'], ['tenant', 'show_id']] }, (t) => {
  t.string('show_id', 64).nullable();
  t.string('title', 160).notNullable();
  t.text('description').notNullable();
  t.string('audio_url', 2000).notNullable();
  t.string('low_data_url', 2000).nullable();
  t.integer('duration_seconds').notNullable();
  t.bigInteger('bytes').notNullable();
  t.bigInteger('low_data_bytes').nullable();
  t.string('image_url', 2000).nullable();
  t.string('published_at', 32).nullable();
  t.string('status', 16).notNullable();
  t.string('source', 16).notNullable();
});
