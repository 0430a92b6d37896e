import { randomBytes, randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { Server as TusServer } from '@tus/server';
import type { Upload } from '@tus/utils';
import type { AppContext, Deps } from '../../http/context';
import { HttpError } from '../../http/errors';
import { DatabaseLocker } from './uploads.locker';
import { uploadsRepository } from './uploads.repository';
import { acceptUpload, maxBytesFor, parsePurpose, tooLargeFor } from './uploads.service';

export const RESUMABLE_PATH = '/api/uploads/resumable';

/** What tus needs from the Koa request that it cannot see itself (set per request, read in hooks). */
const requestInfo = new WeakMap<IncomingMessage, { clientAddress: string }>();

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
    exposedHeaders: ['Upload-Url'],
    namingFunction: () => randomBytes(16).toString('hex'),
    // The id is the last path segment; a query (?tenant=…) is not part of it.
    getFileIdFromRequest: (req) => {
      const id = new URL(req.url).pathname.slice(RESUMABLE_PATH.length + 1);
      return /^[0-9a-f]{32}$/.test(id) ? id : undefined;
    },
    async onUploadCreate(_req, upload) {
      try {
        const purpose = parsePurpose(upload.metadata?.purpose ?? null);
        // The quota was charged with the declared length (uploads.router.ts): none, no upload.
        if (upload.size === undefined) throw new HttpError(400, 'Upload-Length is required: uploads of unknown length are not accepted');
        if (upload.size > maxBytesFor(deps, purpose)) throw tooLargeFor(deps, purpose);
      } catch (err) {
        if (err instanceof HttpError) throw tusError(err);
        throw err;
      }
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
      if (err instanceof HttpError) throw tusError(err);
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
    requestInfo.set(ctx.req, { clientAddress: ctx.state.clientAddress });
    ctx.set('Cache-Control', 'no-store');
    jsonErrorType(ctx.res);
    ctx.respond = false;
    await tus.handle(ctx.req, ctx.res);
  };
}

/**
 * tus answers errors with the JSON bodies above (onResponseError) but types them text/plain;
 * the error answers of this one response are typed as JSON as they are written.
 */
function jsonErrorType(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
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
