import type { Knex } from 'knex';

// The low-bitrate rendition of an approved track (docs/renditions.md): Low Data Mode plays it;
// null until ffmpeg has made it, and the original plays meanwhile.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tracks', (t) => {
    t.string('low_data_url', 2000).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tracks', (t) => {
    t.dropColumn('low_data_url');
  });
}
