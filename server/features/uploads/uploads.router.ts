import Router from '@koa/router';
import { multipartBody } from '../../http/body';
import type { AppState, Deps, Middleware } from '../../http/context';
import { ROLE_CANNOT_MESSAGE, roleMayUse } from '../../../domain/people';
import { badRequest, forbidden, unauthorized } from '../../http/errors';
import { idempotent } from '../../http/idempotency';
import { rateLimit } from '../../http/rate-limit';
import { RESUMABLE_PATH, resumableUploads } from './uploads.resumable';
import { acceptUpload, chargeQuota, maxBytesFor, parsePurpose, quotaMeterFor, tooLargeFor } from './uploads.service';

export function uploadsRouter(deps: Deps): Router<AppState> {
  const { audioUploadBytes, imageUploadBytes } = deps.config.limits;
  const router = new Router<AppState>();

  router.post(
    '/api/uploads',
    rateLimit(deps, 'POST /api/uploads'),
    // The quota is charged with the bytes that arrive, a declared length before any is read.
    multipartBody(deps, { fileField: 'file', maxBytes: Math.max(audioUploadBytes, imageUploadBytes), textFields: [], meter: quotaMeterFor(deps) }),
    idempotent(deps),
    async (ctx) => {
      const upload = ctx.state.upload;
      if (!upload || upload.size === 0) throw badRequest('A file is required', [{ path: 'file', message: 'A file is required' }]);
      ctx.status = 201;
      ctx.body = { url: await acceptUpload(deps, upload, { purpose: null, clientAddress: ctx.state.clientAddress }) };
    },
  );

  const resumable = resumableUploads(deps);
  const creation: Middleware = async (ctx, next) => {
    // The purpose's size limit and the quota answer before tus creates anything, with the
    // same JSON (and Retry-After) as the rest of the API. The whole length is charged here,
    // so a length only named later (creation-defer-length) would be charged nowhere: refused.
    if (ctx.get('upload-defer-length')) {
      const message = 'Upload-Length is required: uploads of unknown length are not accepted';
      throw badRequest(message);
    }
    const length = Number(ctx.get('upload-length'));
    if (Number.isFinite(length) && length > 0) {
      const purpose = parsePurpose(metadataValue(ctx.get('upload-metadata'), 'purpose'));
      if (purpose === 'episode') {
        if (!ctx.state.isAdmin || !ctx.state.actor) throw unauthorized('Episodes are uploaded by admins');
        // An episode's limit is a whole day's quota: only a role that may add episodes starts one.
        if (!roleMayUse(ctx.state.actor.role, 'content')) throw forbidden(ROLE_CANNOT_MESSAGE);
      }
      if (length > maxBytesFor(deps, purpose)) throw tooLargeFor(deps, purpose);
      await chargeQuota(deps, ctx.state.clientAddress, length);
    }
    await next();
  };
  router.post(RESUMABLE_PATH, rateLimit(deps, 'POST /api/uploads'), creation, resumable);
  // Same-origin clients need no OPTIONS discovery; the methods are the documented ones. One
  // count for the three, per address: a resume is a HEAD and a PATCH (docs/api.md Uploads).
  const resumableCalls = rateLimit(deps, 'HEAD/PATCH/DELETE /api/uploads/resumable', (limits) => limits.resumableCallsPerMinute);
  for (const method of ['head', 'patch', 'delete'] as const) router[method](`${RESUMABLE_PATH}/:id`, resumableCalls, resumable);

  return router;
}

/** One value of a tus Upload-Metadata header (`key base64, key base64`). */
function metadataValue(header: string, key: string): string | null {
  for (const pair of header.split(',')) {
    const [k, v] = pair.trim().split(' ');
    if (k === key) return v ? Buffer.from(v, 'base64').toString('utf8') : '';
  }
  return null;
}
