import { NP_HISTORY_MAX, type NowPlayingSong, type PlayedSong } from '../../../domain/now-playing';
import type { RequestStatus, SongRequest } from '../../../domain/requests';
import type { Show } from '../../../domain/shows';
import type { Tenant } from '../../../domain/tenants';
import { isUniqueViolation, type Db } from '../../db/knex';
import { nowIso } from '../../db/rows';
import { showsRepository } from '../shows/shows.repository';
import type { UpstreamNowPlaying } from './now-playing.formats';

/** The last good upstream answer of a tenant, as kept in np_cache.payload. */
export interface GoodAnswer {
  data: UpstreamNowPlaying;
  /** When it was fetched. */
  fetchedMs: number;
  /** Since when its song has been playing (as far as we saw): its played_at once it ends. */
  songSinceMs: number;
}

/** One np_cache row: the source URL, the start of its last fetch, its last good answer. */
export interface CacheEntry {
  url: string;
  fetchedMs: number;
  good: GoodAnswer | null;
}

interface CacheRow {
  url: string;
  fetched_ms: string | number;
  payload: string | null;
}

/** Within `ttlMs` of the last fetch, either way (a clock set back far enough counts as stale). */
export const isFresh = (fetchedMs: number, now: number, ttlMs: number): boolean => Math.abs(now - fetchedMs) < ttlMs;

function goodAnswer(payload: string | null): GoodAnswer | null {
  if (!payload) return null;
  try {
    const parsed = JSON.parse(payload) as GoodAnswer;
    return parsed && typeof parsed === 'object' && parsed.data && typeof parsed.fetchedMs === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

interface HistoryRow {
  title: string;
  artist: string;
  played_at: string;
}

/** The row a played song becomes (the demo seed inserts its history through it too). */
export const toHistoryRow = (tenant: Tenant, song: NowPlayingSong, playedAtMs: number) => ({
  tenant,
  title: song.title,
  artist: song.artist,
  art: song.art,
  played_at: nowIso(playedAtMs),
});

export function nowPlayingRepository(db: Db) {
  async function cacheEntry(tenant: Tenant): Promise<CacheEntry | null> {
    const row = (await db('np_cache').where({ tenant }).first('url', 'fetched_ms', 'payload')) as CacheRow | undefined;
    return row ? { url: row.url, fetchedMs: Number(row.fetched_ms), good: goodAnswer(row.payload) } : null;
  }

  return {
    cacheEntry,

    async history(tenant: Tenant): Promise<PlayedSong[]> {
      const rows = (await db('np_history')
        .where({ tenant })
        .orderBy('seq', 'desc')
        .limit(NP_HISTORY_MAX)
        .select('title', 'artist', 'played_at')) as HistoryRow[];
      return rows.map((r) => ({ title: r.title, artist: r.artist, playedAt: r.played_at }));
    },

    /** Records a song and keeps only the newest NP_HISTORY_MAX per tenant. */
    async record(tenant: Tenant, song: NowPlayingSong, playedAtMs: number): Promise<void> {
      await db.transaction(async (trx) => {
        await trx('np_history').insert(toHistoryRow(tenant, song, playedAtMs));
        const keep = trx('np_history').where({ tenant }).orderBy('seq', 'desc').limit(NP_HISTORY_MAX).select('seq');
        await trx('np_history').where({ tenant }).whereNotIn('seq', keep).delete();
      });
    },

    /**
     * Decides, for every process sharing the database, who fetches `url` now: a fresh row
     * (fetched within ttlMs) is used as it is; a stale one is claimed by moving its
     * fetched_ms with a compare-and-set, so of several processes asking at once exactly one
     * wins and fetches while the others go on with the row's last good answer. A failed
     * fetch keeps the claim, so a dead upstream is still asked once per ttlMs at most.
     */
    async claimFetch(tenant: Tenant, url: string, now: number, ttlMs: number): Promise<{ claimed: boolean; entry: CacheEntry | null }> {
      const entry = await cacheEntry(tenant);
      if (!entry) {
        try {
          await db('np_cache').insert({ tenant, url, fetched_ms: now, payload: null });
          return { claimed: true, entry: { url, fetchedMs: now, good: null } };
        } catch (err) {
          if (!isUniqueViolation(err)) throw err;
          return { claimed: false, entry: await cacheEntry(tenant) };
        }
      }
      if (entry.url === url && isFresh(entry.fetchedMs, now, ttlMs)) return { claimed: false, entry };
      const sameUrl = entry.url === url;
      const updated = await db('np_cache')
        .where({ tenant, url: entry.url, fetched_ms: entry.fetchedMs })
        // Another source's answer is no last good answer for this one.
        .update(sameUrl ? { fetched_ms: now } : { url, fetched_ms: now, payload: null });
      if (Number(updated) === 1) return { claimed: true, entry: { url, fetchedMs: now, good: sameUrl ? entry.good : null } };
      return { claimed: false, entry: await cacheEntry(tenant) };
    },

    /** Keeps a good answer, unless the tenant's source changed meanwhile. */
    async saveGood(tenant: Tenant, url: string, good: GoodAnswer): Promise<void> {
      await db('np_cache').where({ tenant, url }).update({ payload: JSON.stringify(good) });
    },

    /** The schedule, read for the fallback of docs/product.md (the show on air now). */
    async shows(tenant: Tenant): Promise<Pick<Show, 'title' | 'startTime' | 'endTime' | 'days'>[]> {
      // The shows table is the shows feature's (its one repository).
      return (await showsRepository(db).list(tenant)).map(({ title, startTime, endTime, days }) => ({ title, startTime, endTime, days }));
    },

    /**
     * The song requests that may be on air now (docs/api.md "Song requests and dedications"):
     * received since `receivedSinceMs`, or marked played since `playedSinceMs`. Never an address.
     */
    async requestCandidates(tenant: Tenant, receivedSinceMs: number, playedSinceMs: number): Promise<OnAirCandidate[]> {
      const rows = (await db('song_requests')
        .where({ tenant })
        .andWhere((w) =>
          w
            .where((r) => r.where('status', 'received').andWhere('created_at', '>', nowIso(receivedSinceMs)))
            .orWhere((p) => p.where('status', 'played').andWhere('played_at', '>', nowIso(playedSinceMs))),
        )
        .select('name', 'for_whom', 'title', 'artist', 'status', 'created_at', 'played_at')
        .limit(500)) as { name: string; for_whom: string; title: string; artist: string; status: RequestStatus; created_at: string; played_at: string | null }[];
      return rows.map((r) => ({ name: r.name, for: r.for_whom, title: r.title, artist: r.artist, status: r.status, createdAt: r.created_at, playedAt: r.played_at }));
    },
  };
}

export interface OnAirCandidate extends Pick<SongRequest, 'name' | 'for' | 'title' | 'artist' | 'status' | 'createdAt' | 'playedAt'> {}
