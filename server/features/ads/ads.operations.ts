import type { Ad } from '../../../domain/ads';
import { AD_SLOTS, type AdSlot } from '../../../domain/catalog';
import { isCountryCode } from '../../../domain/countries';
import { loadSettings } from '../../db/settings-store';
import { adminCreate, adminDelete, adminPatch, listDoc, type Collection } from '../../http/admin-crud';
import { badRequest, notFound } from '../../http/errors';
import { operationsWith } from '../../http/operation';
import { answerList, type ListOrder } from '../../http/paging';
import { queryString } from '../../http/validate';
import { adCounter } from './ad-counts.service';
import { adsRepository } from './ads.repository';

const NEWEST_FIRST: ListOrder<Ad> = { key: (r) => [r.createdAt], dirs: ['desc'], id: (r) => r.id };

// The ad inventory is an editor's; the ad settings (PUT /api/settings) an owner's.
const ADS: Collection<Ad> = { path: '/api/ads', tag: 'ads', component: 'Ad', area: 'content', type: 'ad', label: (a) => a.alt || a.targetUrl, notFoundMessage: 'Ad not found' };

const op = operationsWith((deps) => ({ deps, ads: adsRepository(deps.db), counter: adCounter(deps) }), { tag: 'ads' });

/** docs/api.md, Ads. */
export const ADS_OPERATIONS = [
  op({
    method: 'get', path: '/api/ads/serve', summary: 'An ad to show',
    description: 'An active ad for the slot whose countries are empty or hold `country`; counts an impression (once per address per ad per minute). Hybrid ad mode only.',
    query: [
      { name: 'slot', description: 'The placement.', schema: { type: 'string', enum: [...AD_SLOTS] }, required: true },
      { name: 'country', description: "The visitor's selected country.", schema: { type: 'string' } },
    ],
    responses: { 200: { description: 'The ad.', json: 'ServedAd' }, 204: { description: 'No ad for this slot.' } },
    handle: async (ctx, { deps, ads, counter }) => {
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
    },
  }),
  op({
    ...listDoc(ADS, 'The ad inventory with counts', { role: 'content', answer: 'Ads.' }),
    handle: async (ctx, { ads, counter }) => {
      await counter.flush();
      answerList(ctx, await ads.list(ctx.state.tenant), NEWEST_FIRST);
    },
  }),
  adminCreate(op, ADS, { summary: 'Add an ad', input: 'NewAd' }, adsRepository),
  adminPatch(op, ADS, { summary: 'Change an ad', input: 'AdPatch' }, adsRepository),
  adminDelete(op, ADS, { summary: 'Delete an ad' }, adsRepository),
];

// Its own counter, as before: GET /api/ads flushes the inventory's, not the links'.
const out = operationsWith((deps) => ({ ads: adsRepository(deps.db), counter: adCounter(deps) }), { tag: 'ads' });

/** GET /out/:adId: sends the visitor on (302), counting the click of an active ad. */
export const OUT_OPERATIONS = [
  out({
    method: 'get', path: '/out/{adId}', summary: "Follow an ad's link",
    description: 'Counts a click (once per address per ad per minute) and redirects. Active ads only.',
    responses: { 302: { description: "To the ad's targetUrl.", headers: { Location: "The ad's targetUrl." } }, 404: { description: 'Unknown ad.', json: 'Error' } },
    handle: async (ctx, { ads, counter }) => {
      const target = await ads.target(ctx.params.adId!);
      if (!target) throw notFound('Ad not found');
      // A link left in a page or an app after the campaign ended still works, but counts nothing;
      // so does one followed on the other tenant, where the ad is never shown (docs/api.md Ads).
      if (target.active && target.tenant === ctx.state.tenant) counter.count('click', ctx.params.adId!, ctx.state.clientAddress);
      ctx.set('Cache-Control', 'no-store');
      ctx.redirect(target.targetUrl);
    },
  }),
];
