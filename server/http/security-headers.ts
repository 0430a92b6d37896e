import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from './context';

/**
 * The app's Content-Security-Policy. Admin-configured media (logos, ads, streams, the video
 * panel) may live on other hosts, so img/media/frame sources allow https; scripts never do.
 * Fetches stay on our own origin, except the configured HLS video's origin (appCsp).
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

/**
 * APP_CSP with the HLS video origins added to connect-src (hls.js fetches the playlist and its
 * segments), and the hashes of the app page's own inline scripts added to script-src: only
 * those exact scripts run inline, never an injected one ('unsafe-inline' stays out).
 */
export function appCsp(connectOrigins: string[], scriptHashes: readonly string[] = []): string {
  let csp = APP_CSP;
  if (scriptHashes.length > 0) csp = csp.replace("script-src 'self'", `script-src 'self' ${scriptHashes.join(' ')}`);
  if (connectOrigins.length > 0) csp = csp.replace("connect-src 'self'", `connect-src 'self' ${connectOrigins.join(' ')}`);
  return csp;
}

/** The CSP source ('sha256-…') of each inline script of an HTML page, in document order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1] ?? '')) continue;
    const digest = createHash('sha256')
      .update(m[2] ?? '', 'utf8')
      .digest('base64');
    hashes.push(`'sha256-${digest}'`);
  }
  return hashes;
}

/**
 * The inline scripts' hashes of the built app page (appDir/index.html: the saved theme applied
 * before the shell paints), read once: the page and its policy come from the same build.
 * None without a build.
 */
export function appPageScriptHashes(appDir: string | null): string[] {
  if (!appDir) return [];
  try {
    return inlineScriptHashes(fs.readFileSync(path.join(appDir, 'index.html'), 'utf8'));
  } catch {
    return [];
  }
}

export function securityHeaders(connectOrigins: () => Promise<string[]> = async () => [], scriptHashes: readonly string[] = []): Middleware {
  return async (ctx, next) => {
    await next();
    const res = ctx.res;
    if (res.headersSent) return;
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    // What ctx.response.is('html') answers, without its MIME lookup on every request.
    if (!HTML.test(String(res.getHeader('Content-Type') ?? ''))) return;
    // A route with its own policy (the embeds) keeps it.
    if (!res.hasHeader('Content-Security-Policy')) res.setHeader('Content-Security-Policy', appCsp(await connectOrigins().catch(() => []), scriptHashes));
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
  };
}

const HTML = /^\s*text\/html\s*(;|$)/i;
