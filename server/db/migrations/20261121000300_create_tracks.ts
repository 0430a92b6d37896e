import { createRecordTable } from '../migration-kit';

export const { up, down } = createRecordTable(
  'tracks',
  { tenant: false, indexes: [['artist_id'], ['status', 'genre']] },
  (t) => {
    t.string('artist_id', 64).notNullable().references('id').inTable('artists').onDelete('CASCADE');
    t.string('title', 160).notNullable();
    t.string('genre', 32).notNullable();
    t.integer('bpm').nullable();
    t.string('song_key', 12).nullable();
    t.boolean('explicit').notNullable().defaultTo(false);
    t.boolean('featured').notNullable().defaultTo(false);
    t.string('cover_url', 2000).nullable();
    t.string('file_url', 2000).notNullable();
    t.string('status', 16).notNullable().defaultTo('pending');
  },
);
