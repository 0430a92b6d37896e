import { describe, expect, it } from 'vitest';
import type { Artist } from '../../../domain/artists';
import type { Track } from '../../../domain/tracks';
import {
  NO_FILTER,
  approvedTracks,
  artistsOfCountry,
  featuredFromGuyana,
  filterArtists,
  foldText,
  isFiltered,
  risingNow,
} from './artist-filters';

let seq = 0;
function artist(over: Partial<Artist> & Pick<Artist, 'name'>): Artist {
  seq += 1;
  return {
    id: `a${seq}`,
    bio: '',
    countryCode: 'GY',
    photoUrl: null,
    featured: false,
    socials: {},
    approved: true,
    createdAt: `2026-01-${String(seq).padStart(2, '0')}T00:00:00.000Z`,
    ...over,
  };
}
function track(artistId: string, genre: Track['genre'], status: Track['status'] = 'approved'): Track {
  seq += 1;
  return {
    id: `t${seq}`,
    artistId,
    title: `Track ${seq}`,
    genre,
    bpm: null,
    songKey: null,
    explicit: false,
    featured: false,
    coverUrl: null,
    fileUrl: '/uploads/x.mp3',
    status,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

const kwame = artist({ id: 'kwame', name: 'Kwame Lewis', bio: 'Roots reggae singer from Georgetown', countryCode: 'GY', featured: true });
const tavia = artist({ id: 'tavia', name: 'Tavia Campbell', bio: 'Kingston singjay', countryCode: 'JM' });
const steel = artist({ id: 'steel', name: 'Demerara Steel Collective', bio: 'A steel orchestra from Linden', countryCode: 'GY' });
const jose = artist({ id: 'jose', name: 'José Sánchez', bio: 'Pianist', countryCode: 'TT' });
const ARTISTS = [kwame, tavia, steel, jose];
const TRACKS = [
  track('kwame', 'Reggae'),
  track('kwame', 'Gospel', 'pending'),
  track('tavia', 'Dancehall'),
  track('tavia', 'Reggae', 'rejected'),
  track('steel', 'Steel Drum'),
  track('jose', 'Jazz', 'pending'),
];
const names = (list: Artist[]) => list.map((a) => a.name);

describe('filterArtists', () => {
  it('keeps every approved artist, in order, with no filter', () => {
    expect(names(filterArtists(ARTISTS, TRACKS, NO_FILTER))).toEqual(names(ARTISTS));
  });

  it('searches the name or the bio, ignoring case, accents and extra spaces', () => {
    expect(names(filterArtists(ARTISTS, TRACKS, { ...NO_FILTER, q: 'kwame' }))).toEqual(['Kwame Lewis']);
    expect(names(filterArtists(ARTISTS, TRACKS, { ...NO_FILTER, q: '  ORCHESTRA ' }))).toEqual(['Demerara Steel Collective']);
    expect(names(filterArtists(ARTISTS, TRACKS, { ...NO_FILTER, q: 'jose sanchez' }))).toEqual(['José Sánchez']);
    expect(names(filterArtists(ARTISTS, TRACKS, { ...NO_FILTER, q: 'roots   reggae' }))).toEqual(['Kwame Lewis']);
    expect(filterArtists(ARTISTS, TRACKS, { ...NO_FILTER, q: 'nobody at all' })).toEqual([]);
  });

  it('filters by country code; all and unknown codes mean no filter', () => {
    expect(names(filterArtists(ARTISTS, TRACKS, { ...NO_FILTER, country: 'GY' }))).toEqual(['Kwame Lewis', 'Demerara Steel Collective']);
    expect(names(filterArtists(ARTISTS, TRACKS, { ...NO_FILTER, country: 'JM' }))).toEqual(['Tavia Campbell']);
    expect(filterArtists(ARTISTS, TRACKS, { ...NO_FILTER, country: 'BB' })).toEqual([]);
    expect(filterArtists(ARTISTS, TRACKS, { ...NO_FILTER, country: 'XX' })).toHaveLength(ARTISTS.length);
  });

  it('matches a genre only through an approved track of that genre', () => {
    // Tavia's Reggae track was rejected, Kwame's Gospel one is pending: neither counts.
    expect(names(filterArtists(ARTISTS, TRACKS, { ...NO_FILTER, genre: 'Reggae' }))).toEqual(['Kwame Lewis']);
    expect(filterArtists(ARTISTS, TRACKS, { ...NO_FILTER, genre: 'Gospel' })).toEqual([]);
    expect(filterArtists(ARTISTS, TRACKS, { ...NO_FILTER, genre: 'Jazz' })).toEqual([]);
    expect(names(filterArtists(ARTISTS, TRACKS, { ...NO_FILTER, genre: 'Dancehall' }))).toEqual(['Tavia Campbell']);
    expect(filterArtists(ARTISTS, TRACKS, { ...NO_FILTER, genre: 'Polka' })).toHaveLength(ARTISTS.length);
  });

  it('combines search, country and genre', () => {
    expect(names(filterArtists(ARTISTS, TRACKS, { q: 'from', country: 'GY', genre: 'Steel Drum' }))).toEqual(['Demerara Steel Collective']);
    expect(filterArtists(ARTISTS, TRACKS, { q: 'kingston', country: 'GY', genre: 'all' })).toEqual([]);
  });

  it('never lists an artist that is not approved', () => {
    const pending = artist({ name: 'Pending Person', approved: false });
    expect(filterArtists([pending], [track(pending.id, 'Pop')], { ...NO_FILTER, genre: 'Pop' })).toEqual([]);
    expect(filterArtists([pending], [], NO_FILTER)).toEqual([]);
  });

  it('every result satisfies each active filter (many combinations)', () => {
    const queries = ['', 'e', 'reggae', 'KINGSTON', 'zz'];
    const countries = ['all', 'GY', 'JM', 'TT', 'BB'];
    const genres = ['all', 'Reggae', 'Jazz', 'Steel Drum', 'Dancehall', 'Gospel'];
    for (const q of queries)
      for (const country of countries)
        for (const genre of genres) {
          const result = filterArtists(ARTISTS, TRACKS, { q, country, genre });
          for (const a of result) {
            if (q) expect(foldText(a.name + ' ' + a.bio)).toContain(foldText(q));
            if (country !== 'all') expect(a.countryCode).toBe(country);
            if (genre !== 'all') expect(TRACKS.some((t) => t.artistId === a.id && t.genre === genre && t.status === 'approved')).toBe(true);
          }
          const expected = ARTISTS.filter(
            (a) =>
              (!q || foldText(a.name).includes(foldText(q)) || foldText(a.bio).includes(foldText(q))) &&
              (country === 'all' || a.countryCode === country) &&
              (genre === 'all' || TRACKS.some((t) => t.artistId === a.id && t.genre === genre && t.status === 'approved')),
          );
          expect(result).toEqual(expected);
        }
  });
});

describe('isFiltered', () => {
  it('is false only for the empty filter', () => {
    expect(isFiltered(NO_FILTER)).toBe(false);
    expect(isFiltered({ ...NO_FILTER, q: '   ' })).toBe(false);
    expect(isFiltered({ ...NO_FILTER, q: 'x' })).toBe(true);
    expect(isFiltered({ ...NO_FILTER, country: 'JM' })).toBe(true);
    expect(isFiltered({ ...NO_FILTER, genre: 'Soca' })).toBe(true);
  });
});

describe('landing and country selections', () => {
  const many = Array.from({ length: 9 }, (_, i) => artist({ name: `GY featured ${i}`, featured: true, countryCode: 'GY' }));
  const others = [
    artist({ name: 'JM featured', featured: true, countryCode: 'JM' }),
    artist({ name: 'GY pending featured', featured: true, approved: false }),
    ...Array.from({ length: 8 }, (_, i) => artist({ name: `Rising ${i}`, countryCode: i % 2 ? 'BB' : 'GY' })),
  ];
  const all = [...many, ...others];

  it('featured from Guyana: approved, featured, GY, at most 6', () => {
    const list = featuredFromGuyana(all);
    expect(list).toHaveLength(6);
    expect(list.every((a) => a.approved && a.featured && a.countryCode === 'GY')).toBe(true);
  });

  it('rising now: approved, not featured, newest first, at most 6', () => {
    const list = risingNow(all);
    expect(list).toHaveLength(6);
    expect(list.every((a) => a.approved && !a.featured)).toBe(true);
    expect(names(list)).toEqual(['Rising 7', 'Rising 6', 'Rising 5', 'Rising 4', 'Rising 3', 'Rising 2']);
  });

  it('country page: approved artists of that country only', () => {
    expect(names(artistsOfCountry(all, 'BB'))).toEqual(['Rising 1', 'Rising 3', 'Rising 5', 'Rising 7']);
    expect(artistsOfCountry(all, 'BS')).toEqual([]);
  });

  it('approvedTracks drops pending and rejected tracks', () => {
    expect(approvedTracks(TRACKS).map((t) => t.genre)).toEqual(['Reggae', 'Dancehall', 'Steel Drum']);
  });
});
