import { findCountry } from '../../../../domain/countries';
import type { Track } from '../../../../domain/tracks';
import { enUsDate, enUsDateTime, writesEnUs } from '../../../lib/en-us-format';

/** docs/product.md#limits-and-constants: the previews a moderator reads before opening the whole thing. */
export const BIO_PREVIEW_CHARS = 50;
export const PRAYER_PREVIEW_CHARS = 80;

// The segmenter and the date formats are made on first use, not as the module loads: making
// an Intl.Segmenter cost Chromium 29-50 ms and the page's first Intl.DateTimeFormat 10-18 ms
// on this project's bench host unthrottled, several times that on a phone. At the module's
// top they held the moderation queues' requests back by a quarter of a second at CPU x7.9
// (docs/performance.md, "Moderating from a phone").
let graphemes: Intl.Segmenter | null | undefined;

/** Characters as a reader counts them: a flag or an emoji with a skin tone is one. */
function characters(text: string): string[] {
  graphemes ??= typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;
  return graphemes ? Array.from(graphemes.segment(text), (s) => s.segment) : Array.from(text);
}

/**
 * Text in which every UTF-16 unit is a character of its own: below U+0300 there is no
 * surrogate, combining mark or joiner, and a CR (which joins a following LF) is left out.
 */
const ONE_UNIT_CHARACTERS = /^[\t\n\x20-\u02ff]*$/;

/**
 * The first `max` characters, with '...' when something was cut. Counted as a reader counts
 * them, so an emoji or flag at the cut is never split into a broken half. Most text needs no
 * segmenter: none at all when it has no more UTF-16 units than `max`, and none to cut text
 * whose first `max + 1` units are each a character.
 */
export function preview(text: string, max: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed;
  if (ONE_UNIT_CHARACTERS.test(trimmed.slice(0, max + 1))) return `${trimmed.slice(0, max)}...`;
  const chars = characters(trimmed);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : chars.join('');
}

/** 'Guyana', or 'Unknown' for a code outside the eleven (docs/product.md#screens). */
export function countryName(code: string | null | undefined): string {
  return findCountry(code)?.name ?? 'Unknown';
}

/** The name a visitor left, or 'Anonymous'. */
export const nameOrAnonymous = (name: string | null | undefined): string => name?.trim() || 'Anonymous';

let dateFormat: Intl.DateTimeFormat | undefined;
let dateTimeFormat: Intl.DateTimeFormat | undefined;

/**
 * Makes the date formats the rows use, where Intl writes them. The moderation route's loader
 * calls it once the queues' requests are out, so the locale's set-up runs while they are on
 * their way rather than in the first render after they answer. en-US needs none: its dates
 * are written by hand (app/lib/en-us-format.ts), since the queues now often answer before the
 * app has started, and the set-up then held the first rows back (90 ms at CPU x6 in a trace).
 */
export function prepareDateFormats(): void {
  if (writesEnUs()) return;
  dateFormat ??= new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
  dateTimeFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * A submission date in the admin's own locale; an unreadable one is shown as it came. `utc`:
 * in UTC and en-US, as a page the server rendered writes it and its hydration must too (the
 * server knows neither the admin's zone nor their locale: docs/server-render.md).
 */
export function formatDate(iso: string, utc = false): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  if (utc || writesEnUs()) return enUsDate(new Date(t), utc);
  prepareDateFormats();
  return dateFormat!.format(t);
}

export function formatDateTime(iso: string, utc = false): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  if (utc || writesEnUs()) return enUsDateTime(new Date(t), utc);
  prepareDateFormats();
  return dateTimeFormat!.format(t);
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
