import { describe, expect, it } from 'vitest';
import type { Artist } from '../../../../domain/artists';
import type { Track } from '../../../../domain/tracks';
import {
  approvalRate,
  countFromCountry,
  dashboardFigures,
  latest,
  newSubmissions,
  prayerStats,
  topCountries,
  trackStats,
} from './dashboard-stats';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const DAY = 86_400_000;
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('newSubmissions', () => {
  it('counts artists and tracks created within the last 7 days, boundary included', () => {
    const artists = [{ createdAt: ago(DAY) }, { createdAt: ago(7 * DAY) }, { createdAt: ago(7 * DAY + 1) }];
    const tracks = [{ createdAt: ago(0) }, { createdAt: ago(30 * DAY) }, { createdAt: 'not a date' }];
    expect(newSubmissions(artists, tracks, NOW)).toEqual({ artists: 2, tracks: 1, total: 3 });
  });

  it('is zero for empty lists', () => {
    expect(newSubmissions([], [], NOW)).toEqual({ artists: 0, tracks: 0, total: 0 });
  });
});

describe('approvalRate', () => {
  it('rounds the share of approved artists to a whole percent', () => {
    const artists = [...Array(19).fill({ approved: true }), ...Array(5).fill({ approved: false })];
    expect(approvalRate(artists)).toEqual({ percent: 79, approved: 19, pending: 5 });
  });

  it('is 0 % with no artists rather than NaN', () => {
    expect(approvalRate([])).toEqual({ percent: 0, approved: 0, pending: 0 });
  });
});

describe('countFromCountry', () => {
  it('counts Guyana by default', () => {
    expect(countFromCountry([{ countryCode: 'GY' }, { countryCode: 'JM' }, { countryCode: 'GY' }])).toBe(2);
    expect(countFromCountry([{ countryCode: 'GY' }], 'BB')).toBe(0);
  });
});

describe('topCountries', () => {
  const of = (...codes: string[]) => codes.map((countryCode) => ({ countryCode }));

  it('lists the 5 countries with most artists, with flags, most first', () => {
    const top = topCountries(of('JM', 'GY', 'GY', 'GY', 'TT', 'JM', 'BB', 'BS', 'LC', 'LC', 'DM'));
    expect(top.map((c) => [c.country.code, c.count])).toEqual([
      ['GY', 3],
      ['JM', 2],
      ['LC', 2],
      ['BB', 1],
      ['TT', 1],
    ]);
    expect(top[0]!.country.flag).toBe('🇬🇾');
  });

  it('breaks ties in the order of the country list and leaves out unknown codes', () => {
    expect(topCountries(of('BS', 'TT', 'XX')).map((c) => c.country.code)).toEqual(['TT', 'BS']);
  });

  it('is empty with no artists', () => {
    expect(topCountries([])).toEqual([]);
  });
});

describe('latest', () => {
  it('answers the newest first, at most n, without changing the input', () => {
    const items = [
      { id: 'a', createdAt: ago(3 * DAY) },
      { id: 'b', createdAt: ago(DAY) },
      { id: 'c', createdAt: 'garbage' },
      { id: 'd', createdAt: ago(2 * DAY) },
    ];
    expect(latest(items, 3).map((x) => x.id)).toEqual(['b', 'd', 'a']);
    expect(latest(items, 10).map((x) => x.id)).toEqual(['b', 'd', 'a', 'c']);
    expect(items[0]!.id).toBe('a');
  });
});

describe('trackStats', () => {
  it('counts each status', () => {
    const tracks = [{ status: 'approved' }, { status: 'pending' }, { status: 'approved' }, { status: 'rejected' }] as const;
    expect(trackStats(tracks)).toEqual({ approved: 2, pending: 1, rejected: 1 });
  });
});

describe('prayerStats', () => {
  it('counts all prayers and the approved ones', () => {
    expect(prayerStats([{ approved: true }, { approved: false }, { approved: true }])).toEqual({ total: 3, approved: 2 });
  });
});

describe('dashboardFigures', () => {
  it('gathers the figures the page shows, with its list limits', () => {
    const artists = Array.from({ length: 12 }, (_, i): Artist => ({
      id: `a${i}`,
      name: `Artist ${i}`,
      bio: '',
      countryCode: i % 3 === 0 ? 'JM' : 'GY',
      photoUrl: null,
      featured: false,
      socials: {},
      approved: i % 2 === 0,
      createdAt: ago(i * DAY),
    }));
    const tracks = Array.from({ length: 11 }, (_, i): Track => ({
      id: `t${i}`,
      artistId: 'a0',
      title: `Track ${i}`,
      genre: 'Reggae',
      bpm: null,
      songKey: null,
      explicit: false,
      featured: false,
      coverUrl: null,
      fileUrl: '/demo/audio/sample.mp3',
      status: i === 0 ? 'rejected' : 'approved',
      createdAt: ago(30 * DAY),
    }));
    const figures = dashboardFigures(artists, tracks, NOW);
    expect(figures.fresh).toEqual({ artists: 8, tracks: 0, total: 8 });
    expect(figures.rate).toEqual({ percent: 50, approved: 6, pending: 6 });
    expect(figures.fromHome).toBe(8);
    expect(figures.top.map((c) => [c.country.code, c.count])).toEqual([
      ['GY', 8],
      ['JM', 4],
    ]);
    expect(figures.recent.map((a) => a.id)).toEqual(['a0', 'a1', 'a2', 'a3', 'a4']);
    expect(figures.submissions).toHaveLength(10);
    expect(figures.stats).toEqual({ approved: 10, pending: 0, rejected: 1 });
    expect(figures.firstTracks.map((t) => t.id)).toEqual(tracks.slice(0, 10).map((t) => t.id));
  });
});
