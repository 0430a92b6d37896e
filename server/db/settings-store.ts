import { withDefaults, type SettingsInput, type SettingsResponse, type TenantSettings } from '../../domain/settings';
import type { Tenant } from '../../domain/tenants';
import type { Db } from './knex';
import { nowIso } from './rows';

// Settings are read by several features (settings, now playing, shoutouts, the manifest),
// so their storage lives here rather than inside one feature.

export async function loadSettings(db: Db, tenant: Tenant): Promise<SettingsResponse> {
  const row = (await db('settings').where({ tenant }).first()) as { data: string } | undefined;
  let stored: Partial<TenantSettings> | null = null;
  if (row) {
    try {
      stored = JSON.parse(row.data) as Partial<TenantSettings>;
    } catch {
      stored = null;
    }
  }
  return withDefaults(tenant, stored);
}

export async function saveSettings(db: Db, tenant: Tenant, settings: SettingsInput, now: number): Promise<SettingsResponse> {
  await db('settings')
    .insert({ tenant, data: JSON.stringify(settings), updated_at: nowIso(now) })
    .onConflict('tenant')
    .merge(['data', 'updated_at']);
  return loadSettings(db, tenant);
}

/**
 * The origins of every tenant's HLS video URL (vdoPanelHls), for the app's
 * Content-Security-Policy: hls.js fetches the playlist and segments, so connect-src must
 * name their origin. Every tenant's, because the service worker answers one shell for the
 * whole host whichever tenant a page is on (docs/watch-video.md).
 */
export async function hlsOrigins(db: Db): Promise<string[]> {
  const rows = (await db('settings').select('data')) as { data: string }[];
  const origins = new Set<string>();
  for (const row of rows) {
    try {
      const url = new URL(String((JSON.parse(row.data) as Partial<TenantSettings>).vdoPanelHls ?? '').trim());
      if (url.protocol === 'https:' || url.protocol === 'http:') origins.add(url.origin);
    } catch {
      // blank, a same-origin path ('self' covers it) or not a URL
    }
  }
  return [...origins].sort();
}
