import type { Genre, TrackStatus } from '../../../domain/catalog';
import type { NewTrack, Track, TrackModeration } from '../../../domain/tracks';
import type { Db } from '../../db/knex';
import { bool, newId, nowIso, numOrNull, strOrNull } from '../../db/rows';

// A type, not an interface: the seed hands these rows on as plain records.
type TrackRow = {
  id: string;
  artist_id: string;
  title: string;
  genre: string;
  bpm: number | null;
  song_key: string | null;
  explicit: unknown;
  featured: unknown;
  cover_url: string | null;
  file_url: string;
  low_data_url?: string | null;
  status: string;
  created_at: string;
};

const toTrack = (r: TrackRow): Track => ({
  id: r.id,
  artistId: r.artist_id,
  title: r.title,
  genre: r.genre as Genre,
  bpm: numOrNull(r.bpm),
  songKey: strOrNull(r.song_key),
  explicit: bool(r.explicit),
  featured: bool(r.featured),
  coverUrl: strOrNull(r.cover_url),
  fileUrl: r.file_url,
  lowDataUrl: strOrNull(r.low_data_url ?? null),
  status: r.status as TrackStatus,
  createdAt: r.created_at,
});

/**
 * The row a new track becomes: pending, not featured and without a low-data rendition unless
 * `state` says otherwise (the demo seed inserts through it too).
 */
export const toTrackRow = (input: NewTrack, now: number, state: { featured?: boolean; status?: TrackStatus } = {}): TrackRow => ({
  id: newId(),
  artist_id: input.artistId,
  title: input.title,
  genre: input.genre,
  bpm: input.bpm,
  song_key: input.songKey,
  explicit: input.explicit,
  featured: state.featured ?? false,
  cover_url: input.coverUrl,
  file_url: input.fileUrl,
  low_data_url: null,
  status: state.status ?? 'pending',
  created_at: nowIso(now),
});

export function tracksRepository(db: Db) {
  return {
    /** publicOnly: approved tracks of approved artists, what a visitor may see. */
    async list(filter: { artistId?: string; publicOnly: boolean; pending?: boolean }): Promise<Track[]> {
      const q = db<TrackRow>('tracks').select('tracks.*');
      if (filter.artistId) q.where('tracks.artist_id', filter.artistId);
      if (filter.pending) q.where('tracks.status', 'pending');
      if (filter.publicOnly) {
        q.join('artists', 'artists.id', 'tracks.artist_id').where('tracks.status', 'approved').andWhere('artists.approved', true);
      }
      q.orderBy('tracks.created_at', 'desc').orderBy('tracks.id');
      return (await q).map(toTrack);
    },

    async find(id: string): Promise<Track | null> {
      const row = await db<TrackRow>('tracks').where({ id }).first();
      return row ? toTrack(row) : null;
    },

    async artistExists(artistId: string): Promise<boolean> {
      return Boolean(await db('artists').where({ id: artistId }).first('id'));
    },

    async create(input: NewTrack, now: number): Promise<Track> {
      const row = toTrackRow(input, now);
      await db('tracks').insert(row);
      return toTrack(row);
    },

    /** Records a finished rendition, unless the track's file changed meanwhile. */
    async setLowDataUrl(id: string, fileUrl: string, lowDataUrl: string): Promise<boolean> {
      return (await db('tracks').where({ id, file_url: fileUrl }).update({ low_data_url: lowDataUrl })) > 0;
    },

    async moderate(id: string, change: TrackModeration): Promise<Track | null> {
      const patch: Partial<Pick<TrackRow, 'status' | 'featured'>> = {};
      if (change.status !== undefined) patch.status = change.status;
      if (change.featured !== undefined) patch.featured = change.featured;
      const count = await db('tracks').where({ id }).update(patch);
      return count ? this.find(id) : null;
    },

    /** Deletes the track; answers it (for its files), or null when there was none. */
    async remove(id: string): Promise<Track | null> {
      const row = await db<TrackRow>('tracks').where({ id }).first();
      if (!row) return null;
      return (await db('tracks').where({ id }).delete()) > 0 ? toTrack(row) : null;
    },
  };
}
