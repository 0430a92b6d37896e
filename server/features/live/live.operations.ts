import { BEACON_PLAYER_PARAM, LIVE_LADDER, LIVE_WINDOW_MS } from '../../../domain/live';
import type { Tenant } from '../../../domain/tenants';
import { loadSettings } from '../../db/settings-store';
import type { AppContext, Deps } from '../../http/context';
import { notFound } from '../../http/errors';
import { operationsWith } from '../../http/operation';
import { PUBLIC_ANSWER_TTL_MS } from '../../http/public-answers';
import { masterPlaylist, mediaPlaylist } from './live.playlists';
import { liveRepository } from './live.repository';
import { createLiveStorage, SEGMENT_NAME, type LiveStorage } from './live.storage';

/** Playlists change with every segment (4 s): a cache may keep one this long. */
export const PLAYLIST_MAX_AGE_S = 2;
const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';

/**
 * GET /live/master.m3u8, /live/<rendition>.m3u8, /live/<segment> (docs/api.md, The live
 * relay): served from what the relay published (rows in the database, bytes on the live
 * storage), so every process answers alike; 404 while the tenant's relay is off.
 */
function setup(deps: Deps & { liveStorage?: LiveStorage }) {
  const repo = liveRepository(deps.db);
  const storage = deps.liveStorage ?? createLiveStorage({ uploadDir: deps.config.uploadDir, s3: deps.config.s3 });
  // Every listener asks for a playlist every 4 s and a segment as often: what the database says
  // is read at most once a second per process, whatever the number of listeners.
  // Kept as long as the other public answers (PUBLIC_ANSWER_TTL_MS; the suites, which write the
  // database and read it back at once, keep nothing).
  const keepMs = deps.config.publicAnswerTtlMs ?? PUBLIC_ANSWER_TTL_MS;
  const relayOnNow = recentlyRead(keepMs, async (tenant: Tenant) => {
    const settings = await loadSettings(deps.db, tenant);
    return settings.liveRelay && settings.streamUrl !== '';
  });
  const segmentsNow = recentlyRead(keepMs, (key: `${Tenant}/${string}`) => {
    const [tenant, rendition] = key.split('/') as [Tenant, string];
    return repo.segments(tenant, rendition, deps.now() - LIVE_WINDOW_MS);
  });

  const relayOn = async (ctx: AppContext) => {
    if (!(await relayOnNow(ctx.state.tenant))) throw notFound('The live relay is off');
  };
  // The tenant parameter, when the request came with one, goes on every URI of the answer; so
  // does our player's mark (BEACON_PLAYER_PARAM), so its segment requests carry it too.
  const tenantQuery = (ctx: AppContext) =>
    [typeof ctx.query.tenant === 'string' ? `tenant=${encodeURIComponent(ctx.query.tenant)}` : '', ctx.query[BEACON_PLAYER_PARAM] === '1' ? `${BEACON_PLAYER_PARAM}=1` : ''].filter(Boolean).join('&');

  return { repo, storage, relayOn, segmentsNow, tenantQuery };
}

const op = operationsWith(setup, { tag: 'live' });

// The live relay (docs/live-relay.md): HLS, not JSON.
export const LIVE_OPERATIONS = [
  op({
    method: 'get', path: '/live/master.m3u8', summary: "The relayed stream's HLS master playlist",
    description: "With the tenant's `liveRelay` on: the ladder of AAC renditions, the lowest at most 32 kbps (`BANDWIDTH`, `CODECS`). 404 while the relay is off.",
    responses: {
      200: { description: 'The master playlist.', content: { 'application/vnd.apple.mpegurl': { type: 'string' } } },
      404: { description: 'The relay is off.', json: 'Error' },
    },
    handle: async (ctx, { relayOn, tenantQuery }) => {
        await relayOn(ctx);
        ctx.set('Cache-Control', `public, max-age=${PLAYLIST_MAX_AGE_S * 5}`);
        ctx.type = PLAYLIST_TYPE;
        ctx.body = masterPlaylist(tenantQuery(ctx));
  
    },
  }),
  op({
    method: 'get', path: '/live/{file}', summary: 'A rendition playlist or a segment of the relayed stream',
    description:
      '`<rendition>.m3u8`: the last 2 hours, `#EXT-X-PROGRAM-DATE-TIME` on every segment, cached a few seconds; `_HLS_skip=YES` answers a delta update. 503 with `Retry-After` until the first segment is out. A segment (`.ts`): `Cache-Control: public, max-age=31536000, immutable`. 404 while the relay is off.',
    responses: {
      200: { description: 'The playlist or the segment.', content: { 'application/vnd.apple.mpegurl': { type: 'string' }, 'video/mp2t': { type: 'string', contentMediaType: 'video/mp2t' } } },
      404: { description: 'The relay is off, or no such file.', json: 'Error' },
      503: { description: 'The relay is starting.' },
    },
    handle: async (ctx, { repo, storage, relayOn, segmentsNow, tenantQuery }) => {
        const file = ctx.params.file ?? '';
        const rendition = LIVE_LADDER.find((r) => file === `${r.name}.m3u8`);
        if (!rendition && !SEGMENT_NAME.test(file)) throw notFound('No such live file');
        await relayOn(ctx);
        const tenant = ctx.state.tenant;
        if (rendition) {
          const segments = await segmentsNow(`${tenant}/${rendition.name}`);
          if (segments.length === 0) {
            // Relay on, first segment not out yet: come back in a moment.
            ctx.status = 503;
            ctx.set('Retry-After', '4');
            ctx.set('Cache-Control', 'no-store');
            ctx.type = 'text/plain';
            ctx.body = 'The live relay is starting';
            return;
          }
          ctx.set('Cache-Control', `public, max-age=${PLAYLIST_MAX_AGE_S}`);
          ctx.type = PLAYLIST_TYPE;
          ctx.body = mediaPlaylist(segments, { query: tenantQuery(ctx), skip: ctx.query._HLS_skip === 'YES' || ctx.query._HLS_skip === 'v2' });
          return;
        }
        const segment = await repo.segmentByName(tenant, file);
        const body = segment ? await storage.read(tenant, file) : null;
        if (!segment || !body) throw notFound('No such live segment');
        // A segment's name is never used for other bytes (docs/live-relay.md).
        ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
        ctx.compress = false;
        ctx.type = 'video/mp2t';
        ctx.length = segment.bytes;
        ctx.body = body;
  
    },
  }),
];


/** A read shared by every caller within keepMs of it (concurrent callers share its promise). */
function recentlyRead<K, V>(keepMs: number, read: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const kept = new Map<K, { at: number; value: Promise<V> }>();
  return (key) => {
    const at = performance.now();
    const hit = kept.get(key);
    if (hit && at - hit.at < keepMs) return hit.value;
    const value = read(key);
    kept.set(key, { at, value });
    // A failed read is not kept.
    value.catch(() => kept.delete(key));
    return value;
  };
}
