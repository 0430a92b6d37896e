import Router from '@koa/router';
import { embedHtml, embedVersion, isEmbedName } from '../../../domain/embeds';
import { loadSettings } from '../../db/settings-store';
import type { AppState, Deps } from '../../http/context';

/**
 * The embed's own policy. Its scripts may come from anywhere (that is what radio widgets
 * and chat rooms need), but the CSP sandbox keeps the document in an opaque origin even if
 * opened directly, so it can never read the app's cookies, storage or DOM.
 */
export const EMBED_CSP = [
  "default-src * data: blob: 'unsafe-inline' 'unsafe-eval'",
  "base-uri 'none'",
  "object-src 'none'",
  "frame-ancestors 'self'",
  'sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox allow-forms allow-presentation',
].join('; ');

export function embedsRouter(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/embed/:name', async (ctx) => {
    const name = ctx.params.name!;
    if (!isEmbedName(name)) {
      ctx.status = 404;
      ctx.type = 'text/plain';
      ctx.body = 'Unknown embed';
      return;
    }
    const settings = await loadSettings(deps.db, ctx.state.tenant);
    const html = embedHtml(settings, name);
    ctx.set('Content-Security-Policy', EMBED_CSP);
    // The app asks for ?v=<fingerprint of the HTML it knows>: while that is still the HTML,
    // the answer never changes, so the browser may keep it (no bytes on a repeat visit).
    ctx.set('Cache-Control', ctx.query.v === embedVersion(html) ? 'public, max-age=31536000, immutable' : 'no-cache');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><base target="_blank"><style>html,body{margin:0;padding:0;font-family:system-ui,sans-serif;background:transparent}</style></head><body>${html}</body></html>`;
  });
  return router;
}
