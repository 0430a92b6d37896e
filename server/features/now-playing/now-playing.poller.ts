import type { NowPlayingSong } from '../../../domain/now-playing';
import type { Tenant } from '../../../domain/tenants';
import type { OutboundRules } from '../../http/outbound-guard';
import { fetchUpstream, type UpstreamResult } from './now-playing.fetch';
import { isFresh, type GoodAnswer, type nowPlayingRepository } from './now-playing.repository';

/** docs/product.md: the upstream is asked at most once per 10 s per tenant. */
export const UPSTREAM_REFRESH_MS = 10_000;
/** Short, so a slow upstream costs a listener little; a status document is small. */
export const UPSTREAM_TIMEOUT_MS = 4_000;

export interface PollerOptions {
  now: () => number;
  timeoutMs?: number;
  refreshMs?: number;
  /** Injected in unit tests; the real HTTP fetch otherwise. */
  fetch?: (url: string, timeoutMs: number) => Promise<UpstreamResult>;
  /** What the real fetch may reach (UPSTREAM_ALLOW_PRIVATE); nothing private unless given. */
  outbound?: OutboundRules;
  /**
   * This process fetched an upstream answer unlike the last good one (song, history or
   * listener count): the router tells every process's streams (docs/now-playing-push.md).
   */
  onNewAnswer?: (tenant: Tenant) => void;
}

interface Remembered {
  url: string;
  /** When the fetch this answer came from was started (ours or another process's). */
  fetchedMs: number;
  good: GoodAnswer | null;
}

export const sameSong = (a: NowPlayingSong | null, b: NowPlayingSong | null): boolean =>
  a === b || (a !== null && b !== null && a.title === b.title && a.artist === b.artist);

/**
 * The upstream now-playing source of every tenant, asked at most once per refreshMs:
 * - in this process, one fetch per tenant at a time; concurrent callers share its promise,
 *   and its answer (good or failed) is remembered until refreshMs after it started;
 * - across processes, the np_cache row decides who fetches (repository.claimFetch) and
 *   holds the last good answer for the others.
 * It answers the last good answer (however old: the caller decides), or null.
 * Song changes are written to the history by the process that saw them.
 */
export function upstreamPoller(repo: ReturnType<typeof nowPlayingRepository>, options: PollerOptions) {
  const refreshMs = options.refreshMs ?? UPSTREAM_REFRESH_MS;
  const timeoutMs = options.timeoutMs ?? UPSTREAM_TIMEOUT_MS;
  const outbound = options.outbound ?? { allowPrivate: false };
  const fetchOnce = options.fetch ?? ((url: string, ms: number) => fetchUpstream(url, ms, outbound));
  const memory = new Map<Tenant, Remembered>();
  const flights = new Map<Tenant, { url: string; promise: Promise<GoodAnswer | null> }>();

  async function refresh(tenant: Tenant, url: string): Promise<GoodAnswer | null> {
    const { claimed, entry } = await repo.claimFetch(tenant, url, options.now(), refreshMs);
    let good = entry && entry.url === url ? entry.good : null;
    const fetchedMs = entry?.fetchedMs ?? options.now();
    if (claimed) {
      const result = await fetchOnce(url, timeoutMs);
      if (result.ok) {
        const at = options.now();
        const previous = good;
        const changed = !previous || !sameSong(previous.data.song, result.data.song);
        // The song that just ended goes to the history, played at when we first saw it.
        if (previous?.data.song && changed) await repo.record(tenant, previous.data.song, previous.songSinceMs);
        good = { data: result.data, fetchedMs: at, songSinceMs: changed || !previous ? at : previous.songSinceMs };
        await repo.saveGood(tenant, url, good);
        if (!previous || JSON.stringify(previous.data) !== JSON.stringify(good.data)) options.onNewAnswer?.(tenant);
      }
    }
    memory.set(tenant, { url, fetchedMs, good });
    return good;
  }

  return {
    /** Another process saved a new answer: the next latest() reads it from the database. */
    forget(tenant: Tenant | null): void {
      if (tenant === null) memory.clear();
      else memory.delete(tenant);
    },

    latest(tenant: Tenant, url: string): Promise<GoodAnswer | null> {
      const known = memory.get(tenant);
      if (known && known.url === url && isFresh(known.fetchedMs, options.now(), refreshMs)) return Promise.resolve(known.good);
      const flight = flights.get(tenant);
      if (flight && flight.url === url) return flight.promise;
      const promise = refresh(tenant, url).finally(() => {
        if (flights.get(tenant)?.promise === promise) flights.delete(tenant);
      });
      flights.set(tenant, { url, promise });
      return promise;
    },
  };
}
