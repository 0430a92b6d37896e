// Apart from domain/people.ts (valibot schemas) so the app's every-page API client, and the
// shell's early script (app/lib/admin-early/), import a few strings, not the schemas.

/** The session cookie (HttpOnly, SameSite=Strict; Secure over https). */
export const ADMIN_SESSION_COOKIE = 'radio_admin';
/**
 * The app's admin screens send this header (value `1`) to act as the signed-in person. Only
 * then does the cookie count: the same person browsing the public pages gets the visitor's
 * answers (approved artists only), which the offline caches may keep; and a page on another
 * site cannot send it without a CORS preflight we never allow.
 */
export const ADMIN_SESSION_HEADER = 'x-admin-session';

/** Who is signed in (the session's person), or 401. */
export const ADMIN_ME_PATH = '/api/admin/me';

/** Where the app keeps a typed admin key for the page session (sessionStorage; docs/api.md: never localStorage). */
export const ADMIN_KEY_STORAGE = 'adminKey';

/**
 * '1' in localStorage while the last session seen on this device could moderate: the shell's
 * early script then asks the moderation queues beside who is signed in rather than after the
 * answer (app/lib/admin-early/). Who it was is not kept, only that.
 */
export const ADMIN_MODERATES_HINT = 'adminModerates';

/**
 * Admins who are people (docs/api.md, "Admins who are people"): three roles, each allowed
 * some areas of the admin. The server enforces them on every admin route; the app shows
 * only the tabs a role may use.
 */
export const ROLES = ['owner', 'editor', 'moderator'] as const;
export type Role = (typeof ROLES)[number];

/**
 * What an admin route belongs to. `moderation`: artists, tracks, prayers, shoutouts and the
 * dashboard; `content`: shows, events, sponsors, the ad inventory, episodes; `owner`:
 * settings, ad settings, people and the activity log.
 */
export type AdminArea = 'moderation' | 'content' | 'owner';

export function roleMayUse(role: Role, area: AdminArea): boolean {
  if (role === 'owner') return true;
  if (role === 'editor') return area === 'content';
  return area === 'moderation';
}

