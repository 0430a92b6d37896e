import { DEVICE_ID_HEADER, REQUEST_PATHS } from '../../../domain/requests';
import { withActivity } from '../../http/admin-crud';
import { operationsWith, RETRY_AFTER } from '../../http/operation';
import { requestsService } from './requests.service';

const op = operationsWith((deps) => ({ deps, requests: requestsService(deps) }), { tag: 'requests' });

const DEVICE_HEADER = { name: DEVICE_ID_HEADER, description: 'The listener’s device: a random uuid the app makes once and keeps. Never answered back.', schema: { type: 'string' }, required: true };
const OFF = { description: 'Song requests are off on this station (setting enableRequests).', json: 'Error' } as const;

/** docs/api.md, Song requests and dedications (setting enableRequests). */
export const REQUESTS_OPERATIONS = [
  op({
    method: 'get', path: REQUEST_PATHS.songs, summary: 'Songs a listener may request',
    description:
      'With an AzuraCast now-playing source (`/api/nowplaying/{id}`) whose station takes requests: its requestable songs (asked at most once a minute per tenant). Otherwise the approved tracks. At most 100, filtered by `q` (title or artist).',
    query: [{ name: 'q', description: 'Part of a title or an artist.', schema: { type: 'string' } }],
    responses: {
      200: { description: 'The songs.', json: { listOf: 'RequestableSong' } },
      404: OFF,
      503: { description: 'The AzuraCast station did not answer.', json: 'Error', headers: RETRY_AFTER },
    },
    handle: async (ctx, { requests }) => {
      ctx.body = await requests.songs(ctx.state.tenant, typeof ctx.query.q === 'string' ? ctx.query.q : '');
    },
  }),
  op({
    method: 'post', path: REQUEST_PATHS.create, summary: 'Request a song, with an optional dedication',
    description:
      'One request per listener per 10 minutes (per device, and at most 10 per address), checked before anything is sent to AzuraCast. A dedication with a word of the owner’s word list is refused. At most 200 open requests per tenant in our own queue. With AzuraCast, the request is sent on to its queue (with the listener’s address in X-Forwarded-For) and its refusal comes back as a 422 in its own words.',
    rateLimit: true,
    idempotent: true,
    headers: [DEVICE_HEADER],
    body: { json: 'NewSongRequest' },
    responses: {
      201: { description: 'Received.', json: 'RequestReceived' },
      400: { description: 'No song, a field too long, or no device id.', json: 'Error' },
      404: OFF,
      422: { description: 'Not a requestable song, a listed word in the dedication, or AzuraCast’s own refusal (its message).', json: 'Error' },
      429: { description: 'One request per listener per 10 minutes, too many from one address, or the queue is full.', json: 'Error', headers: RETRY_AFTER },
      503: { description: 'The AzuraCast station did not answer.', json: 'Error', headers: RETRY_AFTER },
    },
    handle: async (ctx, { requests }, input) => {
      ctx.status = 201;
      ctx.body = await requests.create(ctx.state.tenant, input, ctx.get(DEVICE_ID_HEADER), ctx.state.clientAddress);
    },
  }),
  op({
    method: 'get', path: REQUEST_PATHS.mine, summary: 'This device’s requests',
    description: 'The last 20 requests sent from this device, newest first, with their status. `Cache-Control: no-store`.',
    headers: [DEVICE_HEADER],
    responses: { 200: { description: 'Its requests.', json: { listOf: 'SongRequest' } }, 400: { description: 'No device id.', json: 'Error' } },
    handle: async (ctx, { requests }) => {
      ctx.body = await requests.mine(ctx.state.tenant, ctx.get(DEVICE_ID_HEADER));
      ctx.set('Cache-Control', 'no-store');
    },
  }),
  op({
    method: 'get', path: REQUEST_PATHS.admin, summary: 'The open requests of our own queue',
    description: 'Received, not yet played or skipped, oldest first, with the dedication (requests sent on to AzuraCast are in its queue, not here).',
    role: 'moderation',
    responses: { 200: { description: 'Open requests.', json: { listOf: 'SongRequest' } } },
    handle: async (ctx, { requests }) => {
      ctx.body = await requests.open(ctx.state.tenant);
    },
  }),
  op({
    method: 'patch', path: `${REQUEST_PATHS.admin}/{id}`, summary: 'Mark a request played or skipped',
    description: "'Played' puts 'Requested by {name} for {who}' beside now playing for a few minutes (GET /api/np's `request`).",
    role: 'moderation',
    body: { json: 'RequestPatch' },
    responses: { 200: { description: 'The request.', json: 'SongRequest' }, 404: { description: 'No such request.', json: 'Error' } },
    handle: async (ctx, { deps, requests }, input) => {
      const id = ctx.params.id!;
      ctx.body = await withActivity(
        deps,
        ctx,
        (trx) => requests.setStatus(trx, ctx.state.tenant, id, input.status),
        (r) => ({ action: `request.${input.status}`, target: { type: 'request', id }, summary: `${input.status} ${r.title} for ${r.name || 'a listener'}` }),
      );
    },
  }),
];
