import type { ServedAd } from '../../../domain/ads';
import { limitKey } from '../../http/client-address';
import type { Deps } from '../../http/context';
import { onePerDatabase } from '../../jobs/write-behind';
import { adsRepository } from './ads.repository';

/** A client address counts once per ad per kind in this long (docs/api.md, Ads). */
export const COUNT_ONCE_PER_MS = 60_000;
/** Counts reach the database this often, in one UPDATE per ad. */
export const COUNT_FLUSH_MS = 1_000;

type Kind = 'impression' | 'click';

export interface AdCounter {
  /** Counts it unless this address was already counted for this ad within a minute. */
  count(kind: Kind, adId: string, address: string): void;
  /** Of the given fitting ads, the one shown least so far, counted-but-not-yet-written included. */
  leastShown<T extends ServedAd & { impressions: number }>(ads: T[]): T | null;
  /** Writes what was counted; admin reads of the counts call it first, so they see every count. */
  flush(): Promise<void>;
  stop(): void;
}

/**
 * One counter per database (the ads routers and /out share it). Honest figures: a reload,
 * a bot hammering /api/ads/serve or a repeated click from one address counts once a minute
 * (IPv6 by its /64); answers never wait for counting, since counts are kept in memory and
 * written in batches. Each process dedupes its own requests; behind several processes an
 * address may count once per process a minute.
 */
export const adCounter = onePerDatabase((deps: Deps): AdCounter => {
  const ads = adsRepository(deps.db);
  const lastCounted = new Map<string, number>();
  const pending = new Map<string, { impressions: number; clicks: number }>();
  let flushing: Promise<void> = Promise.resolve();

  // Counts stay in `pending` until their UPDATE has returned and are taken off only then, so a
  // serve that reads the table meanwhile still sees them (ads keep taking turns).
  const writePending = async () => {
    const batch = [...pending].map(([id, c]) => [id, { ...c }] as const);
    for (const [id, c] of batch) {
      try {
        await ads.addCounts(id, c.impressions, c.clicks);
      } catch {
        continue; // The database was away: the counts stay pending for the next flush.
      }
      const left = pending.get(id);
      if (!left) continue;
      left.impressions -= c.impressions;
      left.clicks -= c.clicks;
      if (left.impressions <= 0 && left.clicks <= 0) pending.delete(id);
    }
    const cutoff = deps.now() - COUNT_ONCE_PER_MS;
    for (const [key, at] of lastCounted) if (at <= cutoff) lastCounted.delete(key);
  };
  const flush = () => (flushing = flushing.then(writePending));
  const timer = setInterval(() => void flush().catch(() => undefined), COUNT_FLUSH_MS);
  timer.unref();

  const counter: AdCounter = {
    count(kind, adId, address) {
      const key = `${kind}|${adId}|${limitKey(address)}`;
      const now = deps.now();
      const last = lastCounted.get(key);
      if (last !== undefined && now - last < COUNT_ONCE_PER_MS) return;
      lastCounted.set(key, now);
      const c = pending.get(adId) ?? { impressions: 0, clicks: 0 };
      if (kind === 'impression') c.impressions += 1;
      else c.clicks += 1;
      pending.set(adId, c);
    },
    leastShown(candidates) {
      let best: (typeof candidates)[number] | null = null;
      let bestShown = Infinity;
      for (const ad of candidates) {
        const shown = ad.impressions + (pending.get(ad.id)?.impressions ?? 0);
        if (shown < bestShown) [best, bestShown] = [ad, shown];
      }
      return best;
    },
    flush,
    stop() {
      clearInterval(timer);
    },
  };
  return counter;
});
