import type { Middleware } from './context';
import { ADMIN_EARLY_CSP_SOURCE } from '../../app/lib/admin-early/admin-early.script';
import { FIRST_TAP_CSP_SOURCE } from '../../app/lib/player/first-tap/first-tap.script';
import { START_AFTER_PAINT_CSP_SOURCE } from '../../app/lib/start-after-paint/start-after-paint.script';

/**
 * The app's Content-Security-Policy. Admin-configured media (logos, ads, streams, the video
 * panel) may live on other hosts, so img/media/frame sources allow https; scripts never do.
 * Fetches stay on our own origin, except the configured HLS video's origin (appCsp).
 */
export const APP_CSP = [
  "default-src 'self'",
  // Three inline scripts, each allowed by its hash: the server's pages carry the first tap's
  // (app/lib/player/first-tap/first-tap.script.ts) and the app's start after the first frame
  // (app/lib/start-after-paint/start-after-paint.script.ts), the shell the admin's early
  // questions (app/lib/admin-early/admin-early.script.ts).
  `script-src 'self' ${FIRST_TAP_CSP_SOURCE} ${START_AFTER_PAINT_CSP_SOURCE} ${ADMIN_EARLY_CSP_SOURCE}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob: https: http:",
  "connect-src 'self'",
  "font-src 'self'",
  "frame-src 'self' https:",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** APP_CSP with the HLS video origins added to connect-src (hls.js fetches the playlist and its segments). */
export function appCsp(connectOrigins: string[]): string {
  if (connectOrigins.length === 0) return APP_CSP;
  return APP_CSP.replace("connect-src 'self'", `connect-src 'self' ${connectOrigins.join(' ')}`);
}

/** A year, no preload and no subdomains: the station's other hosts are not this server's to bind. */
export const HSTS = `max-age=${365 * 24 * 60 * 60}`;

/**
 * PUBLIC_URL https (docs/api.md, Behind a reverse proxy): browsers reach the site over https
 * only, whatever the last hop to us was (TLS usually ends at a proxy, and TRUST_PROXY may be
 * off). Every cookie then goes out Secure, as the cookies' own default (the session cookie
 * leaves `secure` to it), and every answer carries Strict-Transport-Security. Set before the
 * chain runs, so streamed answers, whose headers leave early, carry it too.
 */
export const isHttpsSite = (publicUrl: string | null | undefined): boolean => Boolean(publicUrl) && new URL(publicUrl!).protocol === 'https:';

export function httpsSite(publicUrl: string | null | undefined): Middleware {
  if (!isHttpsSite(publicUrl)) return (_ctx, next) => next();
  return async (ctx, next) => {
    ctx.cookies.secure = true;
    ctx.res.setHeader('Strict-Transport-Security', HSTS);
    await next();
  };
}

/** On every answer (securityHeaders), and on those sent before Koa (the listening beacon's). */
export const EVERY_ANSWER_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
} as const;

export function securityHeaders(connectOrigins: () => Promise<string[]> = async () => []): Middleware {
  return async (ctx, next) => {
    await next();
    const res = ctx.res;
    if (res.headersSent) return;
    for (const [name, value] of Object.entries(EVERY_ANSWER_HEADERS)) res.setHeader(name, value);
    // What ctx.response.is('html') answers, without its MIME lookup on every request.
    if (!HTML.test(String(res.getHeader('Content-Type') ?? ''))) return;
    // A route with its own policy (the embeds) keeps it.
    if (!res.hasHeader('Content-Security-Policy')) res.setHeader('Content-Security-Policy', appCsp(await connectOrigins().catch(() => [])));
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
  };
}

const HTML = /^\s*text\/html\s*(;|$)/i;
