import type { Artist } from '../../../../domain/artists';
import { COUNTRIES, type Country } from '../../../../domain/countries';
import type { Prayer } from '../../../../domain/prayers';
import type { Track } from '../../../../domain/tracks';

// docs/product.md#limits-and-constants Dashboard constants.
export const NEW_SUBMISSIONS_DAYS = 7;
export const TOP_COUNTRIES_COUNT = 5;
export const RECENT_ACTIVITY_COUNT = 5;
export const RECENT_SUBMISSIONS_COUNT = 10;
export const TRACKS_TABLE_COUNT = 10;
/** Total Artists names how many come from here (docs/product.md#screens). */
export const HOME_COUNTRY = 'GY';

const DAY_MS = 24 * 60 * 60 * 1000;

type Dated = { createdAt: string };

function isWithin(item: Dated, since: number): boolean {
  const t = Date.parse(item.createdAt);
  return Number.isFinite(t) && t >= since;
}

export interface NewSubmissions {
  artists: number;
  tracks: number;
  total: number;
}

/** Artists and tracks created in the last `days` days before `now`. */
export function newSubmissions(
  artists: readonly Dated[],
  tracks: readonly Dated[],
  now: number,
  days: number = NEW_SUBMISSIONS_DAYS,
): NewSubmissions {
  const since = now - days * DAY_MS;
  const a = artists.filter((x) => isWithin(x, since)).length;
  const t = tracks.filter((x) => isWithin(x, since)).length;
  return { artists: a, tracks: t, total: a + t };
}

export interface ApprovalRate {
  /** Whole percent of artists approved; 0 when there are none. */
  percent: number;
  approved: number;
  pending: number;
}

export function approvalRate(artists: readonly Pick<Artist, 'approved'>[]): ApprovalRate {
  const approved = artists.filter((a) => a.approved).length;
  const pending = artists.length - approved;
  const percent = artists.length === 0 ? 0 : Math.round((approved / artists.length) * 100);
  return { percent, approved, pending };
}

export function countFromCountry(artists: readonly { countryCode: string }[], code: string = HOME_COUNTRY): number {
  return artists.filter((a) => a.countryCode === code).length;
}

export interface CountryCount {
  country: Country;
  count: number;
}

/** Countries by artist count, most first; ties keep the country list's order. */
export function topCountries(artists: readonly { countryCode: string }[], limit: number = TOP_COUNTRIES_COUNT): CountryCount[] {
  const counts = new Map<string, number>();
  for (const a of artists) counts.set(a.countryCode, (counts.get(a.countryCode) ?? 0) + 1);
  return COUNTRIES.map((country) => ({ country: country as Country, count: counts.get(country.code) ?? 0 }))
    .filter((c) => c.count > 0)
    .sort((x, y) => y.count - x.count)
    .slice(0, limit);
}

/** Newest first by createdAt; unreadable dates go last. */
export function latest<T extends Dated>(items: readonly T[], limit: number): T[] {
  const time = (x: Dated) => {
    const t = Date.parse(x.createdAt);
    return Number.isFinite(t) ? t : -Infinity;
  };
  return [...items].sort((a, b) => time(b) - time(a)).slice(0, limit);
}

export interface TrackStats {
  approved: number;
  pending: number;
  rejected: number;
}

export function trackStats(tracks: readonly Pick<Track, 'status'>[]): TrackStats {
  const stats: TrackStats = { approved: 0, pending: 0, rejected: 0 };
  for (const t of tracks) if (t.status in stats) stats[t.status] += 1;
  return stats;
}

export interface PrayerStats {
  total: number;
  approved: number;
}

export function prayerStats(prayers: readonly Pick<Prayer, 'approved'>[]): PrayerStats {
  return { total: prayers.length, approved: prayers.filter((p) => p.approved).length };
}

export interface DashboardFigures {
  fresh: NewSubmissions;
  rate: ApprovalRate;
  /** How many artists come from HOME_COUNTRY. */
  fromHome: number;
  top: CountryCount[];
  recent: Artist[];
  submissions: Artist[];
  stats: TrackStats;
  firstTracks: Track[];
}

/** Every figure the dashboard shows of its artists and tracks, as of `now`. */
export function dashboardFigures(artists: readonly Artist[], tracks: readonly Track[], now: number): DashboardFigures {
  return {
    fresh: newSubmissions(artists, tracks, now),
    rate: approvalRate(artists),
    fromHome: countFromCountry(artists, HOME_COUNTRY),
    top: topCountries(artists),
    recent: latest(artists, RECENT_ACTIVITY_COUNT),
    submissions: latest(artists, RECENT_SUBMISSIONS_COUNT),
    stats: trackStats(tracks),
    firstTracks: tracks.slice(0, TRACKS_TABLE_COUNT),
  };
}
