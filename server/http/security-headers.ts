import type { Middleware } from './context';

/**
 * The app's Content-Security-Policy. Admin-configured media (logos, ads, streams, the video
 * panel) may live on other hosts, so img/media/frame sources allow https; scripts never do.
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
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

export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    await next();
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    // A route with its own policy (the embeds) keeps it.
    if (ctx.response.is('html') && !ctx.response.get('Content-Security-Policy')) {
      ctx.set('Content-Security-Policy', APP_CSP);
    }
    if (ctx.response.is('html')) ctx.set('X-Frame-Options', 'SAMEORIGIN');
  };
}
