import type { NowPlaying, NowPlayingSong } from '../../../domain/now-playing';
import { PLAYED_ON_AIR_MS, REQUEST_MATCH_MS, requestOnAir } from '../../../domain/request-on-air';
import { showOnAir } from '../../../domain/schedule';
import type { Tenant } from '../../../domain/tenants';
import { loadSettings } from '../../db/settings-store';
import type { Deps } from '../../http/context';
import { upstreamPoller, type PollerOptions } from './now-playing.poller';
import { nowPlayingRepository } from './now-playing.repository';

export const OFF_AIR_TITLE = 'Non-stop music';

/**
 * How long a last good upstream answer may stand in for a failing upstream. Past it the
 * song is surely over, and the schedule says more than a stale title.
 */
export const LAST_GOOD_MAX_AGE_MS = 10 * 60 * 1000;

export type NowPlayingOptions = Pick<PollerOptions, 'timeoutMs' | 'refreshMs' | 'fetch' | 'onNewAnswer'>;

/**
 * What is playing for a tenant. With `npJsonUrl` set: the upstream's answer (AzuraCast,
 * Icecast or SHOUTcast), asked at most once per 10 s, or its last good answer while it
 * fails. Without one, or with no good answer (docs/product.md): the show on air now by the
 * schedule, the station's display name as artist, its logo as art.
 */
export function nowPlayingService(deps: Deps, options: NowPlayingOptions = {}) {
  const repo = nowPlayingRepository(deps.db);
  const poller = upstreamPoller(repo, {
    now: deps.now,
    timeoutMs: options.timeoutMs ?? deps.config.npUpstreamTimeoutMs,
    refreshMs: options.refreshMs,
    fetch: options.fetch,
    outbound: { allowPrivate: deps.config.upstreamAllowPrivate },
    onNewAnswer: options.onNewAnswer,
  });

  return {
    /** Gives the upstream its chance to be asked (at most once per 10 s per tenant, all processes together). */
    async refresh(tenant: Tenant): Promise<void> {
      const settings = await loadSettings(deps.db, tenant);
      if (settings.npJsonUrl) await poller.latest(tenant, settings.npJsonUrl);
    },

    /** Another process saw a new upstream answer: read it from the database next time. */
    forget(tenant: Tenant | null): void {
      poller.forget(tenant);
    },

    async get(tenant: Tenant): Promise<NowPlaying> {
      const settings = await loadSettings(deps.db, tenant);
      let good = settings.npJsonUrl ? await poller.latest(tenant, settings.npJsonUrl) : null;
      if (good && Math.abs(deps.now() - good.fetchedMs) > LAST_GOOD_MAX_AGE_MS) good = null;
      const upstream = good?.data ?? null;
      const useUpstreamHistory = !!upstream?.history?.length;
      const now = deps.now();
      const [shows, recorded, requests] = await Promise.all([
        repo.shows(tenant),
        useUpstreamHistory ? Promise.resolve([]) : repo.history(tenant),
        settings.enableRequests ? repo.requestCandidates(tenant, now - REQUEST_MATCH_MS, now - PLAYED_ON_AIR_MS) : Promise.resolve([]),
      ]);
      const logo = settings.logoUrl || null;
      // The show on air is worked out here, where the zone's rules are cheap, and not on a
      // phone, whose first zoned Intl formatter costs it a long task (docs/performance.md).
      const show = showOnAir(shows, new Date(deps.now()), settings.timeZone);
      let nowPlaying: NowPlayingSong;
      if (upstream?.song) {
        // A source that names no artist (a bare Icecast title) shows the station instead.
        nowPlaying = { title: upstream.song.title, artist: upstream.song.artist || settings.displayName, art: upstream.song.art ?? logo };
      } else {
        nowPlaying = { title: show?.title ?? OFF_AIR_TITLE, artist: settings.displayName, art: logo };
      }
      // A requested song on air (its title and artist, or a moderator's 'Played') names its requester.
      const onAir = requestOnAir(requests, upstream?.song ? nowPlaying : null, now);
      return {
        nowPlaying,
        history: useUpstreamHistory ? upstream!.history! : recorded,
        listeners: upstream ? upstream.listeners : null,
        show: show?.title ?? null,
        request: onAir ? { name: onAir.name, for: onAir.for } : null,
      };
    },
  };
}
