import * as v from 'valibot';
import { AD_MODES, type AdMode } from './catalog';
import { COUNTRY_CODES, DEFAULT_COUNTRY, type CountryCode } from './countries';
import { MAX_EMBED_LENGTH, httpUrl, httpUrlOrEmpty, required } from './fields';
import { TENANT_NAMES, type Tenant } from './tenants';

export const SETTINGS_MESSAGES = {
  displayName: 'Display name is required',
  logoUrl: 'Valid logo URL is required',
  streamUrl: 'Valid stream URL is required',
  radioHtmlEmbed: 'Radio HTML embed is required',
  defaultCountry: 'Default country is required',
  timeZone: 'Valid time zone is required',
  url: 'Must be a valid URL',
  update: 'Failed to update settings',
  updateAds: 'Failed to update advertisement settings',
} as const;

export const CHAT_SLOW_MODE_MAX = 600;
const CHAT_SLOW_MODE_MESSAGE = `Slow mode must be 0 to ${CHAT_SLOW_MODE_MAX} seconds`;
export const CHAT_WORD_LIST_MAX = 5000;

export const DEFAULT_TIME_ZONE = 'America/Guyana';

export function isTimeZone(name: string): boolean {
  if (!name) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const embed = v.pipe(v.optional(v.string(), ''), v.maxLength(MAX_EMBED_LENGTH, `Must be at most ${MAX_EMBED_LENGTH} characters`));
const optionalUrl = httpUrlOrEmpty(SETTINGS_MESSAGES.url);
// required(): a missing field gets its own message, not valibot's 'Invalid key …'.
const toggle = (name: string) => required(`${name} must be on or off`, v.boolean(`${name} must be on or off`));

export const AdZonesSchema = v.object({
  leaderboardEmbed: embed,
  sidebarEmbed: embed,
  infeedEmbed: embed,
});
export type AdZones = v.InferOutput<typeof AdZonesSchema>;

/** PUT /api/settings: the whole settings object, docs/product.md#validation-messages plus docs/product.md's new settings. */
export const SettingsSchema = v.object({
  displayName: required(
    SETTINGS_MESSAGES.displayName,
    v.pipe(v.string(SETTINGS_MESSAGES.displayName), v.trim(), v.nonEmpty(SETTINGS_MESSAGES.displayName), v.maxLength(80)),
  ),
  logoUrl: httpUrl(SETTINGS_MESSAGES.logoUrl),
  streamUrl: httpUrl(SETTINGS_MESSAGES.streamUrl),
  lowDataStreamUrl: v.optional(optionalUrl, ''),
  radioHtmlEmbed: required(
    SETTINGS_MESSAGES.radioHtmlEmbed,
    v.pipe(
      v.string(SETTINGS_MESSAGES.radioHtmlEmbed),
      v.check((s) => s.trim() !== '', SETTINGS_MESSAGES.radioHtmlEmbed),
      v.maxLength(MAX_EMBED_LENGTH, `Must be at most ${MAX_EMBED_LENGTH} characters`),
    ),
  ),
  defaultCountry: required(SETTINGS_MESSAGES.defaultCountry, v.picklist(COUNTRY_CODES, SETTINGS_MESSAGES.defaultCountry)),
  nowPlayingEmbed: embed,
  recentlyPlayedEmbed: embed,
  npJsonUrl: v.optional(optionalUrl, ''),
  vdoPanelIframe: v.optional(optionalUrl, ''),
  vdoPanelHls: v.optional(optionalUrl, ''),
  chatweeEmbed: embed,
  ga4Id: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(40)),
  communityUrl: v.optional(optionalUrl, ''),
  shopUrl: v.optional(optionalUrl, ''),
  donateUrl: v.optional(optionalUrl, ''),
  sponsorUrl: v.optional(optionalUrl, ''),
  artistFormEmbed: embed,
  timeZone: v.pipe(v.optional(v.string(), DEFAULT_TIME_ZONE), v.trim(), v.check(isTimeZone, SETTINGS_MESSAGES.timeZone)),
  enableReactions: toggle('Reactions'),
  enablePrayerWall: toggle('Prayer wall'),
  enableShoutouts: toggle('Shoutouts'),
  enableLowData: toggle('Low data mode'),
  // Optional (off) so a settings document saved before the relay existed still validates.
  liveRelay: v.optional(v.boolean('Live relay must be on or off'), false),
  // Live chat (docs/api.md "Live chat"); optional for the same reason.
  enableChat: v.optional(v.boolean('Live chat must be on or off'), false),
  chatSlowModeSeconds: v.optional(
    v.pipe(v.number(CHAT_SLOW_MODE_MESSAGE), v.integer(CHAT_SLOW_MODE_MESSAGE), v.minValue(0, CHAT_SLOW_MODE_MESSAGE), v.maxValue(CHAT_SLOW_MODE_MAX, CHAT_SLOW_MODE_MESSAGE)),
    0,
  ),
  chatWordList: v.pipe(v.optional(v.string(), ''), v.maxLength(CHAT_WORD_LIST_MAX, `Must be at most ${CHAT_WORD_LIST_MAX} characters`)),
  // Optional (off) for the same reason: song requests and dedications (docs/product.md "Requests").
  enableRequests: v.optional(v.boolean('Song requests must be on or off'), false),
  adMode: required('Ad mode must be embed or hybrid', v.picklist(AD_MODES, 'Ad mode must be embed or hybrid')),
  adZones: v.optional(AdZonesSchema, { leaderboardEmbed: '', sidebarEmbed: '', infeedEmbed: '' }),
});
export type SettingsInput = v.InferOutput<typeof SettingsSchema>;

export interface TenantSettings {
  displayName: string;
  logoUrl: string;
  streamUrl: string;
  lowDataStreamUrl: string;
  radioHtmlEmbed: string;
  defaultCountry: CountryCode;
  nowPlayingEmbed: string;
  recentlyPlayedEmbed: string;
  npJsonUrl: string;
  vdoPanelIframe: string;
  vdoPanelHls: string;
  chatweeEmbed: string;
  ga4Id: string;
  communityUrl: string;
  shopUrl: string;
  donateUrl: string;
  sponsorUrl: string;
  artistFormEmbed: string;
  timeZone: string;
  enableReactions: boolean;
  enablePrayerWall: boolean;
  enableShoutouts: boolean;
  enableLowData: boolean;
  /** The server relays streamUrl as adaptive HLS with rewind under /live/ (docs/live-relay.md). */
  liveRelay: boolean;
  /** Our own live chat where no chatweeEmbed is set (docs/api.md "Live chat"). */
  enableChat: boolean;
  /** One message per this many seconds per sender; 0 is off. */
  chatSlowModeSeconds: number;
  /** 'Request a song' on the radio page (docs/api.md "Song requests and dedications"). */
  enableRequests: boolean;
  /** Words or phrases (one per line or comma) that hold a chat message for a moderator and refuse a dedication: server-only. */
  chatWordList: string;
  /** Stored values are embed|hybrid; the public side treats anything else as non-embed. */
  adMode: AdMode | string;
  adZones: AdZones;
}

/** GET /api/settings answer: the settings plus the tenant they belong to. */
export type SettingsResponse = TenantSettings & { tenant: Tenant };

/**
 * Settings only the server uses (it polls npJsonUrl itself; it checks chat messages and
 * dedications against the word list, which a listener must not read to spell around): left out of the visitor's
 * GET /api/settings, so an upstream's address, and any token in it, is not published.
 * docs/api.md, Settings: public and private.
 */
export const SERVER_ONLY_SETTINGS = ['npJsonUrl', 'chatWordList'] as const satisfies readonly (keyof TenantSettings)[];
export type PublicSettingsResponse = Omit<SettingsResponse, (typeof SERVER_ONLY_SETTINGS)[number]>;

export function publicSettings(settings: SettingsResponse): PublicSettingsResponse {
  const copy: Partial<SettingsResponse> = { ...settings };
  for (const key of SERVER_ONLY_SETTINGS) delete copy[key];
  return copy as PublicSettingsResponse;
}

/** docs/product.md#states-and-transitions defaults when missing, plus docs/product.md's new settings. */
export function defaultSettings(tenant: Tenant): TenantSettings {
  return {
    displayName: TENANT_NAMES[tenant],
    logoUrl: `/brand/${tenant}-logo.svg`,
    streamUrl: '',
    lowDataStreamUrl: '',
    radioHtmlEmbed: '',
    defaultCountry: DEFAULT_COUNTRY,
    nowPlayingEmbed: '',
    recentlyPlayedEmbed: '',
    npJsonUrl: '',
    vdoPanelIframe: '',
    vdoPanelHls: '',
    chatweeEmbed: '',
    ga4Id: '',
    communityUrl: '',
    shopUrl: '',
    donateUrl: '',
    sponsorUrl: '',
    artistFormEmbed: '',
    timeZone: DEFAULT_TIME_ZONE,
    enableReactions: true,
    enablePrayerWall: tenant === 'caribbean',
    enableShoutouts: true,
    enableLowData: true,
    liveRelay: false,
    enableChat: false,
    chatSlowModeSeconds: 0,
    enableRequests: false,
    chatWordList: '',
    adMode: 'hybrid',
    adZones: { leaderboardEmbed: '', sidebarEmbed: '', infeedEmbed: '' },
  };
}

/** Stored settings may be partial or from an older version: fill the gaps with defaults. */
export function withDefaults(tenant: Tenant, stored: Partial<TenantSettings> | null | undefined): SettingsResponse {
  const base = defaultSettings(tenant);
  const merged = { ...base } as TenantSettings;
  if (stored) {
    for (const key of Object.keys(base) as (keyof TenantSettings)[]) {
      const value = stored[key];
      if (value !== undefined && value !== null && typeof value === typeof base[key]) {
        (merged as unknown as Record<string, unknown>)[key] = value;
      }
    }
    // Only the known zones, and only text: stored data may be old or hand-edited.
    const zones = (typeof stored.adZones === 'object' && stored.adZones !== null ? stored.adZones : {}) as Record<string, unknown>;
    merged.adZones = { ...base.adZones };
    for (const key of Object.keys(base.adZones) as (keyof AdZones)[]) {
      const zone = zones[key];
      if (typeof zone === 'string') merged.adZones[key] = zone;
    }
    // An unknown zone would make every schedule computation throw (500 on /api/np).
    if (!isTimeZone(merged.timeZone)) merged.timeZone = base.timeZone;
  }
  return { ...merged, tenant };
}
