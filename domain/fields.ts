import * as v from 'valibot';

// Shared field rules. docs/api.md: "URLs stored anywhere must be http: or https:".
// Root-relative paths ('/uploads/…', '/demo/…') are same-origin, so they are
// http(s) too; protocol-relative '//host' is refused because it leaves the origin.

export const MAX_URL_LENGTH = 2000;
export const MAX_EMBED_LENGTH = 20_000;

// domain/ runs in the browser, the worker and Node alike and carries no DOM or Node
// types, so the check is a pattern rather than the URL class.
const ABSOLUTE_HTTP_URL = /^https?:\/\/(?:[^\s:@\/?#]+(?::[^\s@\/?#]*)?@)?(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?(?:[\/?#][^\s]*)?$/;

export function isHttpUrl(value: string): boolean {
  if (value.length === 0 || value.length > MAX_URL_LENGTH) return false;
  if (value.startsWith('/')) return !value.startsWith('//') && !/[\s\\]/.test(value);
  return ABSOLUTE_HTTP_URL.test(value);
}

/**
 * A file this server stored under a name of its own making (a random UUID and the type's
 * extension: server/media/media-files.ts storeUpload).
 */
export const OWN_UPLOAD_PATH = /^\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{2,5}$/;

/**
 * URLs that visitors and advertisers give us and that we then put in front of everyone
 * (photos, covers, audio, socials, ticket and target links): http(s) URLs, or an upload of
 * ours, never another same-origin path, so that no submission can point a listener at
 * /out/… (a counted click), an admin screen or an API route with our origin's authority.
 * docs/api.md, Ads.
 */
export function isPublicUrl(value: string): boolean {
  if (value.startsWith('/')) return OWN_UPLOAD_PATH.test(value) || DEMO_ASSET_PATH.test(value);
  return isHttpUrl(value);
}

/**
 * The demo content's pictures and sample audio, static files the build ships under /demo/
 * (server/db/seeds/demo-content.ts, demo-community-content.ts): an admin editing a demo event or sponsor sends them
 * back unchanged. Files only, no route: nothing there counts, redirects or answers data.
 */
const DEMO_ASSET_PATH = /^\/demo\/(?:artists|covers|events|sponsors|ads|audio)\/[a-z0-9-]+\.(?:svg|mp3)$/;

/**
 * A required object entry whose absence (or null) reports `message`: a bare v.object entry
 * would answer valibot's 'Invalid key: Expected "…" but received undefined' instead of
 * docs/product.md#validation-messages's message. The default makes v.object run the pipe for a missing key.
 */
export const required = <S extends v.GenericSchema>(message: string, schema: S) =>
  v.pipe(v.optional(v.unknown(), null), v.check((value) => value != null, message), schema);

/** A required http(s) URL. */
export const httpUrl = (message: string) =>
  required(message, v.pipe(v.string(message), v.trim(), v.check(isHttpUrl, message)));

/** A required public URL (isPublicUrl). */
export const publicUrl = (message: string) =>
  required(message, v.pipe(v.string(message), v.trim(), v.check(isPublicUrl, message)));

/** An optional public URL (isPublicUrl): absent, null and '' all become null. */
export const optionalPublicUrl = (message: string) =>
  v.pipe(
    v.optional(v.nullable(v.string(message)), null),
    v.transform((s) => (s == null ? null : s.trim() === '' ? null : s.trim())),
    v.check((s) => s === null || isPublicUrl(s), message),
  );

/** An http(s) URL or the empty string. */
export const httpUrlOrEmpty = (message: string) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.check((s) => s === '' || isHttpUrl(s), message),
  );

/** Trimmed text, required non-blank, bounded. */
export const requiredText = (message: string, max: number, tooLong = `Must be at most ${max} characters`) =>
  required(message, v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, tooLong)));

/** Optional text: absent, null or blank become null. */
export const optionalText = (max: number, tooLong = `Must be at most ${max} characters`) =>
  v.pipe(
    v.optional(v.nullable(v.string()), null),
    v.transform((s) => (s == null ? null : s.trim() === '' ? null : s.trim())),
    v.check((s) => s === null || s.length <= max, tooLong),
  );

/** ISO 8601 timestamp that Date can read. */
export const isoDateTime = (message: string) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.check((s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(s) && !Number.isNaN(Date.parse(s)), message),
    v.transform((s) => new Date(s).toISOString()),
  );
