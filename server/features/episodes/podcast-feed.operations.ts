import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { builtInLogoUrl, type Tenant } from '../../../domain/tenants';
import { loadSettings } from '../../db/settings-store';
import type { AppContext, Deps } from '../../http/context';
import { operationsWith } from '../../http/operation';
import { storedNameOf } from '../../media/media-files';
import { episodesRepository } from './episodes.repository';
import { buildPodcastFeed, FEED_MAX_ITEMS } from './podcast-feed';

/** Podcast apps ask for square artwork of at least 1400 px (docs/api.md, The feed). */
export const ARTWORK_SIDE = 1400;
const ARTWORK_PATH = '/podcast-artwork.png';

/** The origin of every URL in the feed: PUBLIC_URL, else the request's own (its proto as TRUST_PROXY believes). */
const originOf = (ctx: AppContext, deps: Deps) => deps.config.publicUrl ?? `${ctx.protocol}://${ctx.host}`;
const tenantQuery = (tenant: Tenant, deps: Deps) => (tenant === 'caribbean' && !/caribbean/i.test(deps.config.publicUrl ?? '') ? '?tenant=caribbean' : '');

const op = operationsWith((deps) => ({ deps, episodes: episodesRepository(deps.db), artwork: new Map<string, Promise<Buffer>>() }), { tag: 'episodes' });

/** GET /podcast.xml and its artwork (docs/api.md, The feed). */
export const PODCAST_FEED_OPERATIONS = [
  op({
    method: 'get', path: '/podcast.xml', summary: "The tenant's podcast feed",
    description:
      'RSS 2.0 with the itunes and podcast (Podcasting 2.0) namespaces: the published episodes, newest first, at most 300, each with its enclosure and, once made, a low-data podcast:alternateEnclosure. Every URL is absolute (PUBLIC_URL, else the request’s origin).',
    responses: {
      200: { description: 'The feed.', content: { 'application/rss+xml': { type: 'string' } }, headers: { ETag: 'Of this document.' } },
      304: { description: 'Unchanged since the ETag sent in If-None-Match.' },
    },
    handle: async (ctx, { deps, episodes }) => {
      const tenant = ctx.state.tenant;
      const origin = originOf(ctx, deps);
      const settings = await loadSettings(deps.db, tenant);
      const list = await episodes.list(tenant, { publishedOnly: true, limit: FEED_MAX_ITEMS });
      const query = tenantQuery(tenant, deps);
      const xml = buildPodcastFeed({
        tenant,
        origin,
        feedUrl: `${origin}/podcast.xml${query}`,
        title: settings.displayName,
        description: `Listen again to ${settings.displayName}: shows, sermons and interviews.`,
        imageUrl: `${origin}${ARTWORK_PATH}?v=${createHash('sha1').update(settings.logoUrl).digest('hex').slice(0, 8)}${query ? '&tenant=caribbean' : ''}`,
        donateUrl: settings.donateUrl,
        episodes: list,
        showTitles: await episodes.showTitles(tenant),
      });
      answerWithEtag(ctx, 'application/rss+xml; charset=utf-8', 'no-cache', xml);
    },
  }),
  op({
    method: 'get', path: ARTWORK_PATH, summary: "The feed's artwork",
    description: "The tenant's logo on a 1400 px square (podcast apps ask for at least 1400 px).",
    responses: { 200: { description: 'A PNG.', content: { 'image/png': { type: 'string', contentMediaType: 'image/png' } } }, 304: { description: 'Unchanged.' } },
    handle: async (ctx, { deps, artwork }) => {
      const settings = await loadSettings(deps.db, ctx.state.tenant);
      const key = `${ctx.state.tenant}|${settings.logoUrl}`;
      let made = artwork.get(key);
      if (!made) {
        made = makeArtwork(deps, ctx.state.tenant, settings.logoUrl);
        artwork.set(key, made);
        made.catch(() => artwork.delete(key));
      }
      const png = await made;
      answerWithEtag(ctx, 'image/png', 'public, max-age=86400', png);
    },
  }),
];

/** A 200 with an ETag of the body, or 304 when the client has it (Koa's ctx.fresh, the `fresh` package). */
function answerWithEtag(ctx: AppContext, type: string, cacheControl: string, body: string | Buffer): void {
  ctx.type = type;
  ctx.set('Cache-Control', cacheControl);
  ctx.etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  ctx.status = 200; // ctx.fresh looks at a 2xx status only
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.body = body;
}

/**
 * The tenant's logo as a 1400 px square PNG on white. Only our own files are read (an
 * uploaded logo, or the built-in one): a logo on another host is never fetched, and the
 * built-in logo stands in for it.
 */
async function makeArtwork(deps: Deps, tenant: Tenant, logoUrl: string): Promise<Buffer> {
  const source = (await readOwnImage(deps, logoUrl)) ?? (await readOwnImage(deps, builtInLogoUrl(tenant)));
  const canvas = { width: ARTWORK_SIDE, height: ARTWORK_SIDE, channels: 4 as const, background: '#ffffff' };
  if (!source) return sharp({ create: canvas }).png().toBuffer();
  const inner = Math.round(ARTWORK_SIDE * 0.8);
  const logo = await sharp(source, { density: 1200, limitInputPixels: 40_000_000 })
    .resize(inner, inner, { fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: 0 } })
    .png()
    .toBuffer();
  return sharp({ create: canvas }).composite([{ input: logo, gravity: 'center' }]).flatten({ background: '#ffffff' }).png().toBuffer();
}

async function readOwnImage(deps: Deps, url: string): Promise<Buffer | null> {
  const stored = storedNameOf(url);
  if (stored) {
    if (!(await deps.storage.stat(stored))) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of await deps.storage.read(stored)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
  const brand = /^\/brand\/([a-z0-9-]+\.(?:svg|png))$/.exec(url);
  if (!brand) return null;
  const dirs = [deps.config.appDir, path.resolve('public')].filter((d): d is string => Boolean(d));
  for (const dir of dirs) {
    const file = await fs.readFile(path.join(dir, 'brand', brand[1]!)).catch(() => null);
    if (file) return file;
  }
  return null;
}
