import type { TenantSettings } from './settings';

/**
 * Admin-pasted HTML, each served from /embed/<name> with its own policy into a frame
 * sandboxed without allow-same-origin (docs/product.md "Security stance").
 */
export const EMBEDS = {
  radio: (s: TenantSettings) => s.radioHtmlEmbed,
  'now-playing': (s: TenantSettings) => s.nowPlayingEmbed,
  'recently-played': (s: TenantSettings) => s.recentlyPlayedEmbed,
  chat: (s: TenantSettings) => s.chatweeEmbed,
  'artist-form': (s: TenantSettings) => s.artistFormEmbed,
  'ad-leaderboard': (s: TenantSettings) => s.adZones.leaderboardEmbed,
  'ad-sidebar': (s: TenantSettings) => s.adZones.sidebarEmbed,
  'ad-infeed': (s: TenantSettings) => s.adZones.infeedEmbed,
} as const;

export type EmbedName = keyof typeof EMBEDS;

export function isEmbedName(name: string): name is EmbedName {
  return Object.prototype.hasOwnProperty.call(EMBEDS, name);
}

export function embedHtml(settings: TenantSettings, name: EmbedName): string {
  return EMBEDS[name](settings);
}

/**
 * A short fingerprint of an embed's HTML (32-bit FNV-1a, base 36). The app puts it in the
 * frame's URL and the server marks that URL immutable while it still matches, so a repeat
 * visit loads the frame from the browser's cache, and an admin's change is a new URL.
 */
export function embedVersion(html: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < html.length; i++) {
    hash ^= html.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}
