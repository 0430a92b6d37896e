import { ROLE_CANNOT_MESSAGE, roleMayUse } from '../../../domain/people';
import { multipartBody } from '../../http/body';
import type { Deps, Middleware } from '../../http/context';
import { badRequest, forbidden, unauthorized } from '../../http/errors';
import { DELETED, operationsWith, RETRY_AFTER, type ParamDoc, type RateLimit } from '../../http/operation';
import { uploadedFiles } from '../../http/static-files';
import { RESUMABLE_PATH, resumableUploads } from './uploads.resumable';
import { acceptUpload, chargeQuota, maxBytesFor, parsePurpose, quotaMeterFor, tooLargeFor } from './uploads.service';

/** The tus headers every resumable call sends (tus 1.0), written once for the document. */
const TUS_RESUMABLE: ParamDoc = { name: 'Tus-Resumable', description: '1.0.0', schema: { type: 'string', const: '1.0.0' }, required: true };
const UPLOAD_TOKEN: ParamDoc = { name: 'Upload-Token', description: 'The token the creation answered: the upload is its creator’s alone.', schema: { type: 'string' }, required: true };
const UNKNOWN_UPLOAD = { description: 'Unknown, expired, or not this token’s.', json: 'Error' as const };
const RESUMABLE_CALLS_LIMITED = { description: 'Over 120 HEAD, PATCH and DELETE calls of resumable uploads a minute from this address.', json: 'Error' as const, headers: RETRY_AFTER };
const OCTETS = { type: 'string', contentMediaType: 'application/octet-stream' };

// One count for the single-request upload and the creation of a resumable one.
const UPLOADS_LIMIT: RateLimit = { bucket: 'POST /api/uploads' };
// Same-origin clients need no OPTIONS discovery; the methods are the documented ones. One
// count for the three, per address: a resume is a HEAD and a PATCH (docs/api.md Uploads).
const RESUMABLE_CALLS_LIMIT: RateLimit = { bucket: 'HEAD/PATCH/DELETE /api/uploads/resumable', perMinute: (limits) => limits.resumableCallsPerMinute };

/**
 * The purpose's size limit and the quota answer before tus creates anything, with the
 * same JSON (and Retry-After) as the rest of the API. The whole length is charged here,
 * so a length only named later (creation-defer-length) would be charged nowhere: refused.
 */
const creation =
  (deps: Deps): Middleware =>
  async (ctx, next) => {
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

const op = operationsWith((deps) => ({ deps, resumable: resumableUploads(deps), files: uploadedFiles(deps) }), { tag: 'uploads' });

/** docs/api.md, Uploads. */
export const UPLOADS_OPERATIONS = [
  op({
    method: 'post', path: '/api/uploads', summary: 'Upload a file in one request',
    description: 'Audio up to 20 MB (at least 128 kbps) or an image up to 5 MB. Images over 800 px are resized and re-encoded.',
    rateLimit: UPLOADS_LIMIT,
    idempotent: true,
    body: { multipart: { file: 'file', fileDescription: 'The audio or image file.' } },
    // The quota is charged with the bytes that arrive, a declared length before any is read.
    readBody: ({ deps }) =>
      multipartBody(deps, { fileField: 'file', maxBytes: Math.max(deps.config.limits.audioUploadBytes, deps.config.limits.imageUploadBytes), textFields: [], meter: quotaMeterFor(deps) }),
    responses: {
      201: { description: 'Stored under a name of our own.', json: 'Upload' },
      408: { description: 'The body did not arrive whole within 4 minutes.', json: 'Error' },
      413: { description: 'Too large: the file, or the whole body past the file limit plus 64 KB.', json: 'Error' },
      415: { description: 'Not audio or an image (or audio with a video track).', json: 'Error' },
      429: { description: "Over the address's or everyone's daily quota, counted by the bytes that arrive.", json: 'Error', headers: RETRY_AFTER },
    },
    handle: async (ctx, { deps }) => {
      const upload = ctx.state.upload;
      if (!upload || upload.size === 0) throw badRequest('A file is required', [{ path: 'file', message: 'A file is required' }]);
      ctx.status = 201;
      ctx.body = { url: await acceptUpload(deps, upload, { purpose: null, clientAddress: ctx.state.clientAddress }) };
    },
  }),
  op({
    method: 'post', path: RESUMABLE_PATH, summary: 'Create a resumable upload (tus 1.0 creation)',
    description:
      '`Upload-Metadata` carries `filename`, `filetype` and an optional `purpose`: `track` (default for audio; the 128 kbps floor), `shoutout` (voice, no floor, at most 10 MB), `image`, or `episode` (admins only: no floor, up to the daily quota of one address).',
    rateLimit: UPLOADS_LIMIT,
    headers: [
      TUS_RESUMABLE,
      { name: 'Upload-Length', description: 'Total bytes.', schema: { type: 'integer', minimum: 0 }, required: true },
      { name: 'Upload-Metadata', description: 'tus metadata: filename, filetype, purpose.', schema: { type: 'string' } },
    ],
    before: ({ deps }) => creation(deps),
    responses: {
      201: { description: 'Created.', headers: { Location: 'The upload’s URL, /api/uploads/resumable/{id}.', 'Upload-Token': 'The secret every later HEAD, PATCH and DELETE of this upload must send.' } },
      400: { description: 'No Upload-Length (Upload-Defer-Length is refused), or an unknown purpose.', json: 'Error' },
      413: { description: 'Larger than the purpose allows.', json: 'Error' },
      429: { description: "Over the address's or everyone's daily quota.", json: 'Error', headers: RETRY_AFTER },
    },
    handle: (ctx, { resumable }) => resumable(ctx),
  }),
  op({
    method: 'head', path: `${RESUMABLE_PATH}/{id}`, summary: 'How much of a resumable upload arrived (tus 1.0 core)',
    rateLimit: RESUMABLE_CALLS_LIMIT,
    headers: [TUS_RESUMABLE, UPLOAD_TOKEN],
    responses: { 200: { description: 'The offset to resume from.', headers: { 'Upload-Offset': 'Bytes received.', 'Upload-Length': 'Total bytes.' } }, 404: UNKNOWN_UPLOAD, 429: RESUMABLE_CALLS_LIMITED },
    handle: (ctx, { resumable }) => resumable(ctx),
  }),
  op({
    method: 'patch', path: `${RESUMABLE_PATH}/{id}`, summary: 'Send the next bytes of a resumable upload (tus 1.0 core)',
    description: 'The PATCH that completes the upload checks the file as `POST /api/uploads` would and answers its error, or 204 with `Upload-Url`.',
    rateLimit: RESUMABLE_CALLS_LIMIT,
    headers: [TUS_RESUMABLE, { name: 'Upload-Offset', description: 'Where these bytes start.', schema: { type: 'integer', minimum: 0 }, required: true }, UPLOAD_TOKEN],
    body: { content: { 'application/offset+octet-stream': OCTETS } },
    responses: {
      204: { description: 'Received.', headers: { 'Upload-Offset': 'Bytes received.', 'Upload-Url': 'When complete: /uploads/<name>.' } },
      400: { description: 'The finished file was refused (e.g. audio under 128 kbps).', json: 'Error' },
      409: { description: 'Upload-Offset does not match.' },
      415: { description: 'The finished file is not of an accepted type.', json: 'Error' },
      429: RESUMABLE_CALLS_LIMITED,
    },
    handle: (ctx, { resumable }) => resumable(ctx),
  }),
  op({
    method: 'delete', path: `${RESUMABLE_PATH}/{id}`, summary: 'Abandon a resumable upload (tus 1.0 termination)',
    rateLimit: RESUMABLE_CALLS_LIMIT,
    headers: [TUS_RESUMABLE, UPLOAD_TOKEN],
    responses: { 204: DELETED, 404: UNKNOWN_UPLOAD, 429: RESUMABLE_CALLS_LIMITED },
    handle: (ctx, { resumable }) => resumable(ctx),
  }),
  op({
    method: 'get', path: '/uploads/{name}', summary: 'A stored file',
    description: 'From the local disk or S3; `Range` supported; cached for a long time. 404 for any name the server did not make.',
    headers: [{ name: 'Range', description: 'A byte range.', schema: { type: 'string' } }],
    responses: {
      200: { description: 'The file.', content: { 'application/octet-stream': OCTETS } },
      206: { description: 'The range asked for.', content: { 'application/octet-stream': OCTETS } },
      404: { description: 'No such file.' },
    },
    // A name this server did not make goes on to the app's files (a 404 there).
    handle: (ctx, { files }, _input, next) => files(ctx, next),
  }),
];

/** One value of a tus Upload-Metadata header (`key base64, key base64`). */
function metadataValue(header: string, key: string): string | null {
  for (const pair of header.split(',')) {
    const [k, v] = pair.trim().split(' ');
    if (k === key) return v ? Buffer.from(v, 'base64').toString('utf8') : '';
  }
  return null;
}
