import { withDefaults, type SettingsInput, type SettingsResponse } from '../../domain/settings';
import type { Tenant } from '../../domain/tenants';
import type { Db } from './knex';
import { settingsRepository } from './settings.repository';

/** A tenant's settings as everyone reads them: what was stored, defaults filling the gaps. */
export async function loadSettings(db: Db, tenant: Tenant): Promise<SettingsResponse> {
  return withDefaults(tenant, await settingsRepository(db).find(tenant));
}

export async function saveSettings(db: Db, tenant: Tenant, settings: SettingsInput, now: number): Promise<SettingsResponse> {
  await settingsRepository(db).save(tenant, settings, now);
  return loadSettings(db, tenant);
}

/**
 * The origins of every tenant's HLS video URL (vdoPanelHls), for the app's
 * Content-Security-Policy: hls.js fetches the playlist and segments, so connect-src must
 * name their origin. Every tenant's, because the service worker answers one shell for the
 * whole host whichever tenant a page is on (docs/watch-video.md).
 */
export async function hlsOrigins(db: Db): Promise<string[]> {
  const origins = new Set<string>();
  // One read for every tenant: this runs on each HTML answer.
  for (const stored of await settingsRepository(db).findAll()) {
    try {
      const url = new URL(String(stored.vdoPanelHls ?? '').trim());
      if (url.protocol === 'https:' || url.protocol === 'http:') origins.add(url.origin);
    } catch {
      // blank, a same-origin path ('self' covers it) or not a URL
    }
  }
  return [...origins].sort();
}
