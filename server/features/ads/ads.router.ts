import Router from '@koa/router';
import { AdPatchSchema, NewAdSchema } from '../../../domain/ads';
import { AD_SLOTS, type AdSlot } from '../../../domain/catalog';
import { isCountryCode } from '../../../domain/countries';
import { adminCreateRoute, adminDeleteRoute, adminPatchRoute, type AdminResource } from '../../http/admin-crud';
import { requireAdmin } from '../../http/admin-key';
import type { AppState, Deps } from '../../http/context';
import { badRequest, notFound } from '../../http/errors';
import { queryString } from '../../http/validate';
import { loadSettings } from '../../db/settings-store';
import { adCounter } from './ad-counts.service';
import { adsRepository } from './ads.repository';
import { answerList, type ListOrder } from '../../http/paging';
import type { Ad } from '../../../domain/ads';

const NEWEST_FIRST: ListOrder<Ad> = { key: (r) => [r.createdAt], dirs: ['desc'], id: (r) => r.id };

export function adsRouter(deps: Deps): Router<AppState> {
  const ads = adsRepository(deps.db);
  const counter = adCounter(deps);
  const router = new Router<AppState>({ prefix: '/api/ads' });

  router.get('/serve', async (ctx) => {
    const slot = queryString(ctx.query.slot);
    if (!slot || !(AD_SLOTS as readonly string[]).includes(slot)) {
      throw badRequest(`slot must be one of ${AD_SLOTS.join(', ')}`);
    }
    const country = queryString(ctx.query.country);
    // docs/product.md: served in hybrid mode only. Checked here too, so the app may ask for a page's
    // top ad without first waiting for the settings, and no impression is counted for an ad
    // that embed mode would never show.
    const { adMode } = await loadSettings(deps.db, ctx.state.tenant);
    const ad = adMode === 'hybrid' ? counter.leastShown(await ads.candidates(ctx.state.tenant, slot as AdSlot, isCountryCode(country) ? country : null)) : null;
    // Every answer counts an impression, so a cache must ask us each time (no-cache), but a
    // listener whose browser already holds this very ad gets a 304, not the bytes again.
    ctx.set('Cache-Control', 'no-cache');
    if (!ad) {
      ctx.status = 204;
      return;
    }
    counter.count('impression', ad.id, ctx.state.clientAddress);
    ctx.body = { id: ad.id, imageUrl: ad.imageUrl, targetUrl: ad.targetUrl, alt: ad.alt };
  });

  router.get('/', requireAdmin(deps, 'content'), async (ctx) => {
    await counter.flush();
    answerList(ctx, await ads.list(ctx.state.tenant), NEWEST_FIRST);
  });

  // The ad inventory is an editor's; the ad settings (PUT /api/settings) an owner's.
  const AD: AdminResource<Ad> = { area: 'content', type: 'ad', label: (a) => a.alt || a.targetUrl };
  adminCreateRoute(router, deps, NewAdSchema, adsRepository, AD);
  adminPatchRoute(router, deps, AdPatchSchema, adsRepository, AD, 'Ad not found');
  adminDeleteRoute(router, deps, adsRepository, AD, 'Ad not found');

  return router;
}

/** GET /out/:adId: sends the visitor on (302), counting the click of an active ad. */
export function outRouter(deps: Deps): Router<AppState> {
  const ads = adsRepository(deps.db);
  const counter = adCounter(deps);
  const router = new Router<AppState>();
  router.get('/out/:adId', async (ctx) => {
    const target = await ads.target(ctx.params.adId!);
    if (!target) throw notFound('Ad not found');
    // A link left in a page or an app after the campaign ended still works, but counts nothing;
    // so does one followed on the other tenant, where the ad is never shown (docs/api.md Ads).
    if (target.active && target.tenant === ctx.state.tenant) counter.count('click', ctx.params.adId!, ctx.state.clientAddress);
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(target.targetUrl);
  });
  return router;
}
