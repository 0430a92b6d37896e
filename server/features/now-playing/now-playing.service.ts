import type { NowPlaying } from '../../../domain/now-playing';
import { showOnAir } from '../../../domain/schedule';
import type { Tenant } from '../../../domain/tenants';
import { loadSettings } from '../../db/settings-store';
import type { Deps } from '../../http/context';
import { nowPlayingRepository } from './now-playing.repository';

export const OFF_AIR_TITLE = 'Non-stop music';

/**
 * What is playing for a tenant. Without an upstream source (product.md): the show on air
 * now by the schedule, the station's display name as artist, its logo as art.
 */
export function nowPlayingService(deps: Deps) {
  const repo = nowPlayingRepository(deps.db);
  return {
    async get(tenant: Tenant): Promise<NowPlaying> {
      const [settings, shows, history] = await Promise.all([
        loadSettings(deps.db, tenant),
        repo.shows(tenant),
        repo.history(tenant),
      ]);
      const show = showOnAir(shows, new Date(deps.now()), settings.timeZone);
      return {
        nowPlaying: {
          title: show?.title ?? OFF_AIR_TITLE,
          artist: settings.displayName,
          art: settings.logoUrl || null,
        },
        history,
        listeners: null,
      };
    },
  };
}
