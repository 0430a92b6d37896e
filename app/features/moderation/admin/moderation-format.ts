import { findCountry } from '../../../../domain/countries';
import type { Track } from '../../../../domain/tracks';

/** docs/product.md#limits-and-constants: the previews a moderator reads before opening the whole thing. */
export const BIO_PREVIEW_CHARS = 50;
export const PRAYER_PREVIEW_CHARS = 80;

const graphemes =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/** Characters as a reader counts them: a flag or an emoji with a skin tone is one. */
function characters(text: string): string[] {
  return graphemes ? Array.from(graphemes.segment(text), (s) => s.segment) : Array.from(text);
}

/**
 * The first `max` characters, with '...' when something was cut. Counted as a reader counts
 * them, so an emoji or flag at the cut is never split into a broken half.
 */
export function preview(text: string, max: number): string {
  const chars = characters(text.trim());
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : chars.join('');
}

/** 'Guyana', or 'Unknown' for a code outside the eleven (docs/product.md#screens). */
export function countryName(code: string | null | undefined): string {
  return findCountry(code)?.name ?? 'Unknown';
}

/** The name a visitor left, or 'Anonymous'. */
export const nameOrAnonymous = (name: string | null | undefined): string => name?.trim() || 'Anonymous';

const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A submission date in the admin's own locale; an unreadable one is shown as it came. */
export function formatDate(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : dateFormat.format(t);
}

export function formatDateTime(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : dateTimeFormat.format(t);
}

/** docs/api.md#routes: the admin reads every track and keeps the pending ones client-side. */
export function pendingTracks<T extends Pick<Track, 'status'>>(tracks: readonly T[]): T[] {
  return tracks.filter((t) => t.status === 'pending');
}

/** The badge: pending artists + tracks + prayers + shoutouts; a list not loaded counts 0. */
export function pendingTotal(counts: readonly (number | undefined)[]): number {
  return counts.reduce<number>((sum, n) => sum + (n ?? 0), 0);
}

/** A public page link that stays on the tenant (docs/product.md#who-it-is-for: links keep ?tenant=caribbean). */
export function tenantPageHref(path: string, tenant: string): string {
  if (tenant !== 'caribbean') return path;
  return path + (path.includes('?') ? '&' : '?') + 'tenant=caribbean';
}

/**
 * Unapproved items an admin has not dealt with yet. A rejected artist, prayer or shoutout is
 * unapproved too; its reviewedAt is what takes it out of the queue.
 */
export function awaitingReview<T extends { reviewedAt?: string | null }>(items: readonly T[]): T[] {
  return items.filter((item) => !item.reviewedAt);
}
