import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import fsp from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { Server as TusServer } from '@tus/server';
import type { Upload } from '@tus/utils';
import type { AppContext, Deps } from '../../http/context';
import { asHttpError, HttpError, notFound } from '../../http/errors';
import { DatabaseLocker } from './uploads.locker';
import { uploadsRepository } from './uploads.repository';
import { acceptUpload, maxBytesFor, parsePurpose, tooLargeFor } from './uploads.service';

export const RESUMABLE_PATH = '/api/uploads/resumable';

/**
 * The secret that ties an upload to the client that created it (docs/uploads.md
 * "Ownership"): answered once, at creation, and required on every HEAD, PATCH and DELETE.
 * The upload's URL alone (in a log, a proxy, a shared screen) lets no one read, continue or
 * delete it.
 */
export const UPLOAD_TOKEN_HEADER = 'Upload-Token';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What tus needs from the Koa request that it cannot see itself (set per request, read in hooks). */
const requestInfo = new WeakMap<IncomingMessage, { clientAddress: string; token?: string }>();

type TusRequest = { url: string; runtime?: { node?: { req?: IncomingMessage } } };
const nodeReqOf = (req: TusRequest): IncomingMessage | undefined => req.runtime?.node?.req;

/** A tus hook's refusal: the same JSON body (and status) POST /api/uploads would answer. */
const tusError = (err: HttpError) => ({
  status_code: err.status,
  body: JSON.stringify(err.issues ? { error: err.message, issues: err.issues } : { error: err.message }),
});

/**
 * tus 1.0 (core, creation, termination, expiration) at /api/uploads/resumable, by @tus/server
 * over the storage's datastore (disk or S3) and a database lock every process honours
 * (docs/uploads.md). When the last byte arrives the file gets exactly POST /api/uploads's
 * checks; the final PATCH answers `Upload-Url: /uploads/<name>` or that route's JSON error.
 */
export function resumableUploads(deps: Deps) {
  const repo = uploadsRepository(deps.db);
  const tmpDir = path.join(deps.config.uploadDir, '.tmp');

  const tus = new TusServer({
    path: RESUMABLE_PATH,
    datastore: deps.storage.resumable,
    locker: new DatabaseLocker(repo, deps.now),
    relativeLocation: true,
    // The largest any purpose allows (an admin's episode); each purpose's own limit is checked at creation.
    maxSize: Math.max(maxBytesFor(deps, null), maxBytesFor(deps, 'episode')),
    exposedHeaders: ['Upload-Url', UPLOAD_TOKEN_HEADER],
    namingFunction: () => randomBytes(16).toString('hex'),
    // The id is the last path segment; a query (?tenant=…) is not part of it.
    getFileIdFromRequest: (req) => {
      const id = new URL(req.url).pathname.slice(RESUMABLE_PATH.length + 1);
      return /^[0-9a-f]{32}$/.test(id) ? id : undefined;
    },
    async onUploadCreate(req, upload) {
      try {
        const purpose = parsePurpose(upload.metadata?.purpose ?? null);
        // The quota was charged with the declared length (uploads.router.ts): none, no upload.
        if (upload.size === undefined) throw new HttpError(400, 'Upload-Length is required: uploads of unknown length are not accepted');
        if (upload.size > maxBytesFor(deps, purpose)) throw tooLargeFor(deps, purpose);
      } catch (err) {
        const known = asHttpError(err);
        if (known) throw tusError(known);
        throw err;
      }
      const token = requestInfo.get(nodeReqOf(req as TusRequest)!)?.token;
      if (!token) throw new Error('resumable upload created without its token');
      await repo.addOwner(upload.id, sha256(token), deps.now());
      return {};
    },
    async onUploadFinish(req, upload) {
      return { status_code: 204, headers: { 'Upload-Url': await finish(req as TusRequest, upload) } };
    },
    onResponseError(_req, err) {
      // Every refusal reads like the rest of the API: {"error": "…"}.
      const status_code = 'status_code' in err ? err.status_code : 500;
      const body = 'body' in err ? err.body : 'Upload failed';
      if (body.trim().startsWith('{')) return { status_code, body };
      return { status_code, body: JSON.stringify({ error: body.trim() || 'Upload failed' }) };
    },
  });

  async function finish(req: TusRequest, upload: Upload): Promise<string> {
    const clientAddress = requestInfo.get(nodeReqOf(req)!)?.clientAddress ?? '';
    await fsp.mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, randomUUID());
    try {
      await deps.storage.fetchResumable(upload.id, tmp);
      const purpose = parsePurpose(upload.metadata?.purpose ?? null);
      return await acceptUpload(deps, { path: tmp, size: upload.size ?? upload.offset }, { purpose, clientAddress, resumableId: upload.id });
    } catch (err) {
      const known = asHttpError(err);
      if (known) throw tusError(known);
      throw err;
    } finally {
      await fsp.rm(tmp, { force: true });
      // Accepted or refused, the partial copy is done with: accepted bytes live on under
      // their stored name, refused ones are deleted (docs/api.md).
      await deps.storage.resumable.remove(upload.id).catch(() => {});
    }
  }

  /** The Koa handler for every method on /api/uploads/resumable[/:id]. */
  return async function handle(ctx: AppContext): Promise<void> {
    const id = ctx.path.slice(RESUMABLE_PATH.length + 1);
    let token: string | undefined;
    if (id) {
      // Not this client's upload, or none: the same 404 either way, so a URL learnt
      // elsewhere tells nothing, not even that the upload exists.
      const stored = await repo.ownerTokenSha256(id);
      const given = sha256(ctx.get(UPLOAD_TOKEN_HEADER));
      if (!stored || !timingSafeEqual(Buffer.from(given), Buffer.from(stored))) throw notFound('Upload not found');
    } else if (ctx.method === 'POST') {
      token = randomBytes(24).toString('base64url');
    }
    // A client whose final PATCH answer was lost asks again with HEAD: the upload is finished
    // and its bytes moved, so the answer (with its Upload-Url) comes from the database.
    if (ctx.method === 'HEAD' && id) {
      const done = await repo.findByResumableId(id);
      if (done) {
        const size = String(done.bytes);
        ctx.status = 200;
        ctx.set({ 'Tus-Resumable': '1.0.0', 'Upload-Offset': size, 'Upload-Length': size, 'Upload-Url': `/uploads/${done.name}`, 'Cache-Control': 'no-store' });
        return;
      }
    }
    // A stalled connection (a phone in a dead zone) is closed after this long without a byte;
    // what arrived stays for the resume, and the lock is released.
    ctx.req.setTimeout(deps.config.limits.uploadStallMs, () => ctx.req.destroy());
    requestInfo.set(ctx.req, { clientAddress: ctx.state.clientAddress, token });
    ctx.set('Cache-Control', 'no-store');
    adjustHead(ctx.res, token);
    ctx.respond = false;
    await tus.handle(ctx.req, ctx.res);
  };
}

/**
 * tus answers errors with the JSON bodies above (onResponseError) but types them text/plain;
 * the error answers of this one response are typed as JSON as they are written. A creation
 * that succeeded (201) carries the upload's token; no other answer does.
 */
function adjustHead(res: ServerResponse, token: string | undefined): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    if (status === 201 && token) res.setHeader(UPLOAD_TOKEN_HEADER, token);
    if (status >= 400) {
      for (const headers of rest) {
        if (!Array.isArray(headers)) continue;
        for (let i = 0; i < headers.length; i += 2) {
          if (String(headers[i]).toLowerCase() === 'content-type') headers[i + 1] = 'application/json; charset=utf-8';
        }
      }
    }
    return writeHead(status, ...rest);
  }) as ServerResponse['writeHead'];
}
