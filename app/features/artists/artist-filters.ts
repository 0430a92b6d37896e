import type { Artist } from '../../../domain/artists';
import { GENRES } from '../../../domain/catalog';
import { isCountryCode } from '../../../domain/countries';
import type { Track } from '../../../domain/tracks';

/** docs/product.md#validation-messages: the value 'all' means no filter. */
export const ALL = 'all';

export interface DirectoryFilter {
  /** Search text over name or bio; blank means no search. */
  q: string;
  /** A country code or 'all'. */
  country: string;
  /** A genre or 'all'. */
  genre: string;
}

export const NO_FILTER: DirectoryFilter = { q: '', country: ALL, genre: ALL };

export const FEATURED_LIMIT = 6;
export const RISING_LIMIT = 6;
export const FEATURED_COUNTRY = 'GY';

/** Case- and accent-insensitive, whitespace collapsed: 'Soca ' finds 'soca', 'Sainte' finds 'Sáinte'. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Genres of each artist's approved tracks (docs/product.md#screens: only approved tracks make a genre match). */
export function approvedGenresByArtist(tracks: readonly Track[]): Map<string, Set<string>> {
  const byArtist = new Map<string, Set<string>>();
  for (const t of tracks) {
    if (t.status !== 'approved') continue;
    let genres = byArtist.get(t.artistId);
    if (!genres) byArtist.set(t.artistId, (genres = new Set()));
    genres.add(t.genre);
  }
  return byArtist;
}

/**
 * The Artist Directory's filtering, done in the browser over the approved list and the
 * track list so it keeps working offline from the cache. Unknown country codes or genres
 * count as 'all' (docs/product.md#validation-messages: invalid values are ignored). Order is kept.
 */
export function filterArtists(artists: readonly Artist[], tracks: readonly Track[], filter: DirectoryFilter): Artist[] {
  const needle = foldText(filter.q);
  const country = isCountryCode(filter.country) ? filter.country : null;
  const genre = (GENRES as readonly string[]).includes(filter.genre) ? filter.genre : null;
  const genres = genre ? approvedGenresByArtist(tracks) : null;
  return artists.filter((a) => {
    if (!a.approved) return false;
    if (country && a.countryCode !== country) return false;
    if (genre && !genres?.get(a.id)?.has(genre)) return false;
    if (needle && !foldText(a.name).includes(needle) && !foldText(a.bio).includes(needle)) return false;
    return true;
  });
}

export function isFiltered(filter: DirectoryFilter): boolean {
  return filter.q.trim() !== '' || filter.country !== ALL || filter.genre !== ALL;
}

/** 'Featured Artists from Guyana': approved, featured, from GY, up to 6. */
export function featuredFromGuyana(artists: readonly Artist[]): Artist[] {
  return artists.filter((a) => a.approved && a.featured && a.countryCode === FEATURED_COUNTRY).slice(0, FEATURED_LIMIT);
}

/** 'Rising Now': approved and not featured, newest first, up to 6. */
export function risingNow(artists: readonly Artist[]): Artist[] {
  return artists
    .filter((a) => a.approved && !a.featured)
    // ISO 8601 times in one format order as plain strings. localeCompare would make the page
    // set up ICU's collator first: one long task on a low-tier phone (docs/performance.md).
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
    .slice(0, RISING_LIMIT);
}

/** The country page: approved artists of one country. */
export function artistsOfCountry(artists: readonly Artist[], code: string): Artist[] {
  return artists.filter((a) => a.approved && a.countryCode === code);
}

/** Only tracks with status approved are ever listed publicly. */
export function approvedTracks(tracks: readonly Track[]): Track[] {
  return tracks.filter((t) => t.status === 'approved');
}
