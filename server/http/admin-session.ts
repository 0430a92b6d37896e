import { createHash, randomBytes } from 'node:crypto';
import { ADMIN_SESSION_COOKIE, ADMIN_SESSION_HEADER } from '../../domain/people';
import { adminSessionsRepository } from '../features/people/admin-sessions.repository';
import type { AppContext, Deps, Middleware } from './context';
import { forbidden } from './errors';

/** docs/api.md, "Admins who are people": 30 days, sliding. */
export const SESSION_DAYS_MS = 30 * 24 * 60 * 60 * 1000;
/** A session is pushed forward at most once an hour, so reads do not each write. */
const SLIDE_EVERY_MS = 60 * 60 * 1000;
/**
 * The whole site: the admin's moderation page is rendered by the server for the person whose
 * cookie comes with the navigation (docs/server-render.md, "A moderator's page"). Until then
 * the cookie was `/api`'s only; one kept from then is cleared wherever the cookie is set.
 */
const COOKIE_PATH = '/';
const LEGACY_COOKIE_PATH = '/api';

export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');
export const newToken = (): string => randomBytes(32).toString('base64url');

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Our own origin: PUBLIC_URL's, else the request's (the proto TRUST_PROXY believes). */
export function ownOrigin(ctx: AppContext, deps: Deps): string {
  return deps.config.publicUrl ?? `${ctx.protocol}://${ctx.host}`;
}

/** The relying party id: PUBLIC_URL's host, else the request's Host without its port. */
export function relyingPartyId(ctx: AppContext, deps: Deps): string {
  return deps.config.publicUrl ? new URL(deps.config.publicUrl).hostname : ctx.hostname;
}

/**
 * Sets the session cookie: HttpOnly, SameSite=Strict, and Secure when the request came over
 * https or PUBLIC_URL is https. `secure` is left to ctx.cookies, which knows both (httpsSite,
 * ./security-headers.ts): naming it here would undo PUBLIC_URL's.
 */
export function setSessionCookie(ctx: AppContext, token: string | null, maxAgeMs = SESSION_DAYS_MS): void {
  ctx.cookies.set(ADMIN_SESSION_COOKIE, token ?? '', {
    httpOnly: true,
    sameSite: 'strict',
    path: COOKIE_PATH,
    maxAge: token ? maxAgeMs : 0,
    expires: token ? undefined : new Date(0),
    overwrite: true,
  });
  // The browser would send a cookie of the old path first to /api, and its token would win.
  ctx.cookies.set(ADMIN_SESSION_COOKIE, '', { httpOnly: true, sameSite: 'strict', path: LEGACY_COOKIE_PATH, maxAge: 0, expires: new Date(0) });
}

/**
 * Opens the admin session a request's cookie names when the request asks to act as the
 * admin (the `x-admin-session` header, domain/people.ts), unless the admin key already made
 * it an admin request. A cookie-authenticated write must come from our own origin: a foreign
 * `Origin` (or a browser's `Sec-Fetch-Site: cross-site`) answers 403. An unknown or expired
 * session is dropped (the cookie cleared) and the request goes on as a visitor's.
 */
export function adminSession(deps: Deps): Middleware {
  const sessions = adminSessionsRepository(deps.db);
  return async (ctx, next) => {
    const token = ctx.state.isAdmin || !ctx.get(ADMIN_SESSION_HEADER) ? undefined : ctx.cookies.get(ADMIN_SESSION_COOKIE);
    if (token) {
      if (!SAFE_METHODS.has(ctx.method)) {
        const origin = ctx.get('origin');
        if ((origin && origin !== ownOrigin(ctx, deps)) || ctx.get('sec-fetch-site') === 'cross-site') {
          throw forbidden('Admin changes must come from this site');
        }
      }
      const now = deps.now();
      const session = await sessions.find(hashToken(token), now);
      if (!session) {
        setSessionCookie(ctx, null);
      } else {
        ctx.state.isAdmin = true;
        ctx.state.actor = { id: session.personId, name: session.name, role: session.role, via: 'passkey', sessionHash: session.tokenHash };
        if (session.expiresAt - now < SESSION_DAYS_MS - SLIDE_EVERY_MS) {
          await sessions.extend(session.tokenHash, now + SESSION_DAYS_MS);
          setSessionCookie(ctx, token);
        }
      }
    }
    await next();
  };
}
