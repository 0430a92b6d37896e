import type { Artist, ArtistFilter, ArtistModeration, NewArtist } from '../../../domain/artists';
import type { CountryCode } from '../../../domain/countries';
import type { Db } from '../../db/knex';
import { bool, likePattern, newId, nowIso, strOrNull } from '../../db/rows';

// A type, not an interface: the seed hands these rows on as plain records.
type ArtistRow = {
  id: string;
  name: string;
  bio: string;
  country_code: string;
  photo_url: string | null;
  featured: unknown;
  instagram: string | null;
  spotify: string | null;
  youtube: string | null;
  soundcloud: string | null;
  approved: unknown;
  created_at: string;
  reviewed_at?: string | null;
};

const toArtist = (r: ArtistRow): Artist => {
  const socials: Artist['socials'] = {};
  if (r.instagram) socials.instagram = r.instagram;
  if (r.spotify) socials.spotify = r.spotify;
  if (r.youtube) socials.youtube = r.youtube;
  if (r.soundcloud) socials.soundcloud = r.soundcloud;
  return {
    id: r.id,
    name: r.name,
    bio: r.bio,
    countryCode: r.country_code as CountryCode,
    photoUrl: strOrNull(r.photo_url),
    featured: bool(r.featured),
    socials,
    approved: bool(r.approved),
    createdAt: r.created_at,
    reviewedAt: strOrNull(r.reviewed_at),
  };
};

/**
 * The row a new artist becomes: unreviewed and not featured unless `state` says otherwise
 * (the demo seed inserts through it too, with its own review state and dates).
 */
export const toArtistRow = (input: NewArtist, now: number, state: { featured?: boolean; approved?: boolean } = {}): ArtistRow => ({
  id: newId(),
  name: input.name,
  bio: input.bio,
  country_code: input.countryCode,
  photo_url: input.photoUrl,
  featured: state.featured ?? false,
  instagram: input.socials.instagram ?? null,
  spotify: input.socials.spotify ?? null,
  youtube: input.socials.youtube ?? null,
  soundcloud: input.socials.soundcloud ?? null,
  approved: state.approved ?? false,
  created_at: nowIso(now),
});

export function artistsRepository(db: Db) {
  return {
    async list(filter: ArtistFilter): Promise<Artist[]> {
      const q = db<ArtistRow>('artists').select('artists.*');
      if (filter.approved !== undefined) q.where('artists.approved', filter.approved);
      if (filter.pending) q.where('artists.approved', false).whereNull('artists.reviewed_at');
      if (filter.country) q.where('artists.country_code', filter.country);
      // SQLite's lower() folds ASCII only, so a search with other letters is matched here in JS.
      const searchInJs = filter.q !== undefined && !/^[\x00-\x7f]*$/.test(filter.q);
      if (filter.q && !searchInJs) {
        const pattern = likePattern(filter.q);
        q.where((w) =>
          w.whereRaw("lower(artists.name) like ? escape '\\'", [pattern]).orWhereRaw("lower(artists.bio) like ? escape '\\'", [pattern]),
        );
      }
      if (filter.genre) {
        // docs/product.md#screens: a genre matches only when the artist has an approved track of it.
        const genre = filter.genre;
        q.whereExists((sub) =>
          sub.select(db.raw('1')).from('tracks').whereRaw('tracks.artist_id = artists.id').andWhere({ 'tracks.status': 'approved', 'tracks.genre': genre }),
        );
      }
      q.orderBy('artists.name', 'asc').orderBy('artists.id', 'asc');
      const artists = (await q).map(toArtist);
      if (!searchInJs || !filter.q) return artists;
      const fold = (text: string) => text.normalize('NFC').toLowerCase();
      const needle = fold(filter.q);
      return artists.filter((a) => fold(a.name).includes(needle) || fold(a.bio).includes(needle));
    },

    async find(id: string): Promise<Artist | null> {
      const row = await db<ArtistRow>('artists').where({ id }).first();
      return row ? toArtist(row) : null;
    },

    async create(input: NewArtist, now: number): Promise<Artist> {
      const row = toArtistRow(input, now);
      await db('artists').insert(row);
      return toArtist(row);
    },

    async moderate(id: string, change: ArtistModeration, now: number): Promise<Artist | null> {
      const patch: { approved?: boolean; featured?: boolean; reviewed_at?: string } = {};
      if (change.approved !== undefined) {
        patch.approved = change.approved;
        patch.reviewed_at = nowIso(now);
      }
      if (change.featured !== undefined) patch.featured = change.featured;
      const count = await db('artists').where({ id }).update(patch);
      return count ? this.find(id) : null;
    },

    /**
     * Deletes the artist and, with it, its tracks (the table cascades); answers the uploaded
     * files they named, or null when there was no such artist.
     */
    async remove(id: string): Promise<{ fileUrls: string[] } | null> {
      return db.transaction(async (trx) => {
        const artist = await trx<ArtistRow>('artists').where({ id }).first('photo_url');
        if (!artist) return null;
        const tracks = await trx('tracks').where({ artist_id: id }).select('file_url', 'cover_url', 'low_data_url');
        await trx('tracks').where({ artist_id: id }).delete();
        await trx('artists').where({ id }).delete();
        const urls = [artist.photo_url, ...tracks.flatMap((t: { file_url: string; cover_url: string | null; low_data_url: string | null }) => [t.file_url, t.cover_url, t.low_data_url])];
        return { fileUrls: urls.filter((u): u is string => typeof u === 'string' && u !== '') };
      });
    },
  };
}
