import { addColumn } from '../migration-kit';

// The low-bitrate rendition of an approved track (docs/renditions.md): Low Data Mode plays it;
// null until ffmpeg has made it, and the original plays meanwhile.
export const { up, down } = addColumn('tracks', 'low_data_url', (t, column) => {
  t.string(column, 2000).nullable();
});
