import Router from '@koa/router';
import { NewShoutoutFieldsSchema, NewShoutoutJsonSchema, ShoutoutModerationSchema } from '../../../domain/shoutouts';
import { loadSettings } from '../../db/settings-store';
import { moderationVerb, moderationWord, withActivity } from '../../http/admin-crud';
import { requireAdmin } from '../../http/admin-key';
import { jsonBody, multipartBody } from '../../http/body';
import type { AppState, Deps, Middleware } from '../../http/context';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { idempotent } from '../../http/idempotency';
import { rateLimit } from '../../http/rate-limit';
import { parseWith, queryBoolean } from '../../http/validate';
import { acceptUpload, isShoutoutUpload, quotaMeterFor } from '../uploads/uploads.service';
import { shoutoutsRepository } from './shoutouts.repository';
import { answerList, type ListOrder } from '../../http/paging';
import type { Shoutout } from '../../../domain/shoutouts';
import { deleteUploadedFiles } from '../../media/media-files';

export const SHOUTOUTS_OFF_MESSAGE = 'Shoutouts are turned off for this station';

const NEWEST_FIRST: ListOrder<Shoutout> = { key: (r) => [r.createdAt], dirs: ['desc'], id: (r) => r.id };

export function shoutoutsRouter(deps: Deps): Router<AppState> {
  const shoutouts = shoutoutsRepository(deps.db);
  const router = new Router<AppState>({ prefix: '/api/shoutouts' });

  // Checked before the upload is read, so a closed station costs no bandwidth.
  const shoutoutsEnabled: Middleware = async (ctx, next) => {
    const settings = await loadSettings(deps.db, ctx.state.tenant);
    if (!settings.enableShoutouts) throw forbidden(SHOUTOUTS_OFF_MESSAGE);
    await next();
  };

  router.get('/', requireAdmin(deps, 'moderation'), async (ctx) => {
    const filter = { approved: queryBoolean(ctx.query.approved), pending: queryBoolean(ctx.query.pending) === true };
    answerList(ctx, await shoutouts.list(ctx.state.tenant, filter), NEWEST_FIRST);
  });

  // Multipart (the recording in the request) or JSON naming a finished resumable upload of
  // purpose `shoutout` (docs/api.md); each reaches its own body parser.
  // The recording counts toward the daily upload quotas like any upload (docs/api.md Uploads).
  const multipart = multipartBody(deps, { fileField: 'audio', maxBytes: deps.config.limits.shoutoutBytes, textFields: ['nameOptional'], meter: quotaMeterFor(deps) });
  const json = jsonBody(deps);
  const body: Middleware = (ctx, next) => (ctx.is('application/json', '+json') ? json(ctx, next) : multipart(ctx, next));

  router.post('/', rateLimit(deps, 'POST /api/shoutouts'), shoutoutsEnabled, body, idempotent(deps), async (ctx) => {
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
  });

  const label = (s: Shoutout) => `shoutout from ${s.nameOptional || 'Anonymous'}`;
  router.patch('/:id', requireAdmin(deps, 'moderation'), jsonBody(deps), async (ctx) => {
    const { approved } = parseWith(ShoutoutModerationSchema, ctx.state.body);
    ctx.body = await withActivity(
      deps,
      ctx,
      async (trx) => {
        const shoutout = await shoutoutsRepository(trx).setApproved(ctx.state.tenant, ctx.params.id!, approved, deps.now());
        if (!shoutout) throw notFound('Shoutout not found');
        return shoutout;
      },
      (s) => ({ action: `shoutout.${moderationVerb(approved)}`, target: { type: 'shoutout', id: s.id }, summary: `${moderationWord(approved)} ${label(s)}` }),
    );
  });

  router.delete('/:id', requireAdmin(deps, 'moderation'), async (ctx) => {
    const removed = await withActivity(
      deps,
      ctx,
      async (trx) => {
        const gone = await shoutoutsRepository(trx).remove(ctx.state.tenant, ctx.params.id!);
        if (!gone) throw notFound('Shoutout not found');
        return gone;
      },
      (s) => ({ action: 'shoutout.delete', target: { type: 'shoutout', id: s.id }, summary: `deleted ${label(s)}` }),
    );
    await deleteUploadedFiles(deps, [removed.audioUrl]);
    ctx.status = 204;
  });

  return router;
}
