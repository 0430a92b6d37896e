// Apart from domain/people.ts (valibot schemas) so the app's every-page API client imports
// two strings, not the schemas.

/** The session cookie (HttpOnly, SameSite=Strict; Secure over https). */
export const ADMIN_SESSION_COOKIE = 'radio_admin';
/**
 * The app's admin screens send this header (value `1`) to act as the signed-in person. Only
 * then does the cookie count: the same person browsing the public pages gets the visitor's
 * answers (approved artists only), which the offline caches may keep; and a page on another
 * site cannot send it without a CORS preflight we never allow.
 */
export const ADMIN_SESSION_HEADER = 'x-admin-session';
