import { NewShoutoutFieldsSchema, NewShoutoutJsonSchema, type Shoutout } from '../../../domain/shoutouts';
import { loadSettings } from '../../db/settings-store';
import { adminDeleteWithFiles, changeDoc, listDoc, moderate, type Collection } from '../../http/admin-crud';
import { jsonBody, multipartBody } from '../../http/body';
import type { Middleware } from '../../http/context';
import { badRequest, forbidden } from '../../http/errors';
import { APPROVED_QUERY, LIST_QUERY, operationsWith } from '../../http/operation';
import { answerList, type ListOrder } from '../../http/paging';
import { parseWith, queryBoolean } from '../../http/validate';
import { acceptUpload, isShoutoutUpload, quotaMeterFor } from '../uploads/uploads.service';
import { shoutoutsRepository } from './shoutouts.repository';

export const SHOUTOUTS_OFF_MESSAGE = 'Shoutouts are turned off for this station';

const NEWEST_FIRST: ListOrder<Shoutout> = { key: (r) => [r.createdAt], dirs: ['desc'], id: (r) => r.id };

const SHOUTOUTS: Collection<Shoutout> = {
  path: '/api/shoutouts',
  tag: 'shoutouts',
  component: 'Shoutout',
  area: 'moderation',
  type: 'shoutout',
  label: (s) => `shoutout from ${s.nameOptional || 'Anonymous'}`,
  notFoundMessage: 'Shoutout not found',
};

const op = operationsWith((deps) => ({ deps, shoutouts: shoutoutsRepository(deps.db) }), { tag: 'shoutouts' });

/** docs/api.md, Shoutouts. */
export const SHOUTOUTS_OPERATIONS = [
  op({
    ...listDoc(SHOUTOUTS, 'List shoutouts', { role: 'moderation', query: [APPROVED_QUERY, ...LIST_QUERY], answer: 'Shoutouts, newest first.' }),
    handle: async (ctx, { shoutouts }) => {
      const filter = { approved: queryBoolean(ctx.query.approved), pending: queryBoolean(ctx.query.pending) === true };
      answerList(ctx, await shoutouts.list(ctx.state.tenant, filter), NEWEST_FIRST);
    },
  }),
  op({
    method: 'post', path: '/api/shoutouts', summary: 'Send a voice shoutout',
    description: 'Multipart with the recording in `audio` (at most 10 MB); or JSON `{audioUrl, nameOptional?}` naming a finished resumable upload of purpose `shoutout`.',
    rateLimit: true,
    idempotent: true,
    body: { multipart: { file: 'audio', fileDescription: 'The recording (audio, at most 10 MB).', fields: 'NewShoutoutFields' }, json: 'NewShoutoutFromUpload' },
    // Checked before the upload is read, so a closed station costs no bandwidth.
    before:
      ({ deps }): Middleware =>
      async (ctx, next) => {
        const settings = await loadSettings(deps.db, ctx.state.tenant);
        if (!settings.enableShoutouts) throw forbidden(SHOUTOUTS_OFF_MESSAGE);
        await next();
      },
    // Multipart (the recording in the request) or JSON naming a finished resumable upload of
    // purpose `shoutout` (docs/api.md); each reaches its own body parser.
    // The recording counts toward the daily upload quotas like any upload (docs/api.md Uploads).
    readBody: ({ deps }): Middleware => {
      const multipart = multipartBody(deps, { fileField: 'audio', maxBytes: deps.config.limits.shoutoutBytes, textFields: ['nameOptional'], meter: quotaMeterFor(deps) });
      const json = jsonBody(deps);
      return (ctx, next) => (ctx.is('application/json', '+json') ? json(ctx, next) : multipart(ctx, next));
    },
    responses: {
      201: { description: 'Stored pending.', json: 'Shoutout' },
      403: { description: "The tenant's enableShoutouts is off.", json: 'Error' },
      413: { description: 'Too large.', json: 'Error' },
      415: { description: 'Not audio.', json: 'Error' },
    },
    handle: async (ctx, { deps, shoutouts }) => {
      let nameOptional: string | null;
      let audioUrl: string;
      if (ctx.state.upload !== undefined || ctx.state.fields !== undefined) {
        nameOptional = parseWith(NewShoutoutFieldsSchema, ctx.state.fields ?? {}).nameOptional;
        const upload = ctx.state.upload;
        if (!upload || upload.size === 0) throw badRequest('A recording is required', [{ path: 'audio', message: 'A recording is required' }]);
        audioUrl = await acceptUpload(deps, upload, { purpose: 'shoutout', clientAddress: ctx.state.clientAddress });
      } else {
        const input = parseWith(NewShoutoutJsonSchema, ctx.state.body);
        if (!(await isShoutoutUpload(deps, input.audioUrl))) {
          const message = 'audioUrl must name a finished shoutout upload';
          throw badRequest(message, [{ path: 'audioUrl', message }]);
        }
        nameOptional = input.nameOptional;
        audioUrl = input.audioUrl;
      }
      ctx.status = 201;
      ctx.body = await shoutouts.create(ctx.state.tenant, { nameOptional, audioUrl }, deps.now());
    },
  }),
  op({
    ...changeDoc(SHOUTOUTS, 'Moderate a shoutout', 'ShoutoutModeration'),
    handle: async (ctx, { deps }, { approved }) => {
      ctx.body = await moderate(deps, ctx, SHOUTOUTS, approved, shoutoutsRepository);
    },
  }),
  adminDeleteWithFiles(
    op,
    SHOUTOUTS,
    { summary: 'Delete a shoutout', description: 'Its recording goes with it.' },
    async (trx, ctx) => {
      const gone = await shoutoutsRepository(trx).remove(ctx.state.tenant, ctx.params.id!);
      return gone ? { item: gone, fileUrls: [gone.audioUrl] } : null;
    },
    (s) => `deleted ${SHOUTOUTS.label(s)}`,
  ),
];
