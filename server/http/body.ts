import { createHash, randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import Busboy from 'busboy';
import getRawBody from 'raw-body';
import type { AppContext, Deps, Middleware, UploadedFile } from './context';
import { streamToFile } from '../media/stream-to-file';
import { HttpError, badRequest, payloadTooLarge, unsupportedMediaType } from './errors';

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** JSON routes: 415 for another content type, 413 over the limit, 400 for malformed JSON. */
export function jsonBody(deps: Deps): Middleware {
  return async (ctx, next) => {
    const hasBody = ctx.request.length ? ctx.request.length > 0 : Boolean(ctx.get('transfer-encoding'));
    if (!hasBody) {
      ctx.state.body = undefined;
      ctx.state.fingerprint = sha256('');
      return next();
    }
    if (!ctx.is('application/json', '+json')) {
      throw unsupportedMediaType('Content-Type must be application/json');
    }
    const raw = await getRawBody(ctx.req, {
      length: ctx.request.length,
      limit: deps.config.limits.jsonBodyBytes,
      encoding: 'utf8',
    });
    try {
      ctx.state.body = raw.trim() === '' ? undefined : JSON.parse(raw);
    } catch {
      throw badRequest('Malformed JSON');
    }
    ctx.state.fingerprint = sha256(raw);
    await next();
  };
}

export interface MultipartOptions {
  fileField: string;
  maxBytes: number;
  textFields: string[];
}

/**
 * Multipart routes: streams the one file to a temporary path (hashing as it goes) and
 * keeps a few short text fields. The handler moves the file; whatever it leaves is deleted.
 */
export function multipartBody(deps: Deps, options: MultipartOptions): Middleware {
  return async (ctx, next) => {
    if (!ctx.is('multipart/form-data')) throw unsupportedMediaType('Content-Type must be multipart/form-data');
    const tmpDir = path.join(deps.config.uploadDir, '.tmp');
    await fsp.mkdir(tmpDir, { recursive: true });
    const { fields, upload } = await parseMultipart(ctx, tmpDir, options, deps.config.limits.uploadStallMs);
    ctx.state.fields = fields;
    ctx.state.upload = upload;
    const fieldPart = Object.keys(fields)
      .sort()
      .map((k) => `${k}=${fields[k]}`)
      .join('&');
    ctx.state.fingerprint = sha256(`${fieldPart}|${upload?.sha256 ?? ''}`);
    try {
      await next();
    } finally {
      if (upload) await fsp.rm(upload.path, { force: true });
    }
  };
}

function parseMultipart(
  ctx: AppContext,
  tmpDir: string,
  options: MultipartOptions,
  stallMs: number,
): Promise<{ fields: Record<string, string>; upload: UploadedFile | undefined }> {
  return new Promise((resolve, reject) => {
    // The client may have gone while earlier middleware awaited: its 'aborted' and 'close' are
    // past and no byte will come, so the parse would wait forever.
    if (ctx.req.destroyed) {
      reject(badRequest('Upload was interrupted'));
      return;
    }
    let busboy: Busboy.Busboy;
    try {
      busboy = Busboy({
        headers: ctx.req.headers,
        // busboy reports 'limit' once a file reaches fileSize, so a file of exactly maxBytes
        // would be refused: the limit is set one byte higher.
        limits: { files: 1, fields: 10, fieldSize: 4096, fileSize: options.maxBytes + 1, parts: 12 },
      });
    } catch {
      reject(badRequest('Malformed multipart body'));
      return;
    }
    const fields: Record<string, string> = {};
    let upload: UploadedFile | undefined;
    let fileStream: NodeJS.ReadableStream & { destroy(err?: Error): void } | undefined;
    let pending: Promise<void> = Promise.resolve();
    let failure: Error | null = null;
    let settled = false;
    const req = ctx.req;

    const cleanup = () => {
      req.setTimeout(0);
      req.off('aborted', onAborted);
      req.off('close', onClose);
    };
    /** Ends the parse at once (client gone, stalled, malformed): closes the file, deletes its bytes. */
    const abort = (err: Error) => {
      failure ??= err;
      if (settled) return;
      settled = true;
      cleanup();
      req.unpipe(busboy);
      // The rest of the body is read and dropped, so the answer can still go out on this connection.
      req.resume();
      fileStream?.destroy();
      busboy.removeAllListeners();
      busboy.on('error', () => {});
      busboy.destroy();
      pending
        .catch(() => {})
        .then(() => (upload ? fsp.rm(upload.path, { force: true }) : undefined))
        .then(() => reject(failure ?? err), () => reject(failure ?? err));
    };
    const fail = (err: Error) => {
      failure ??= err;
    };
    const onAborted = () => abort(badRequest('Upload was interrupted'));
    const onClose = () => {
      if (!req.complete) abort(badRequest('Upload was interrupted'));
    };
    // A connection that sends nothing for stallMs is closed: a half-open phone connection
    // must not keep a file open (docs/uploads.md).
    req.setTimeout(stallMs, () => {
      abort(badRequest('Upload stalled'));
      req.destroy();
    });
    req.on('aborted', onAborted);
    req.on('close', onClose);

    busboy.on('field', (name, value) => {
      if (options.textFields.includes(name)) fields[name] = value;
    });
    busboy.on('file', (name, stream, info) => {
      if (name !== options.fileField || upload) {
        stream.resume();
        return;
      }
      const tmpPath = path.join(tmpDir, randomUUID());
      const hash = createHash('sha256');
      let size = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          size += chunk.length;
          hash.update(chunk);
          cb(null, chunk);
        },
      });
      const file: UploadedFile = { path: tmpPath, size: 0, sha256: '', field: name, clientName: info.filename ?? '' };
      upload = file;
      fileStream = stream;
      stream.on('limit', () => fail(payloadTooLarge(`File is larger than ${Math.round(options.maxBytes / 1024 / 1024)} MB`)));
      pending = streamToFile(tmpPath, stream, meter).then(() => {
        file.size = size;
        file.sha256 = hash.digest('hex');
      });
      // Handled in close/abort; never an unhandled rejection meanwhile.
      pending.catch(() => {});
    });
    busboy.on('error', () => abort(badRequest('Malformed multipart body')));
    busboy.on('close', () => {
      if (settled) return;
      settled = true;
      cleanup();
      pending.then(
        async () => {
          if (failure) {
            if (upload) await fsp.rm(upload.path, { force: true });
            reject(failure);
          } else resolve({ fields, upload });
        },
        async (err: unknown) => {
          if (upload) await fsp.rm(upload.path, { force: true });
          reject(failure ?? (err instanceof HttpError ? err : badRequest('Upload was interrupted')));
        },
      );
    });
    req.pipe(busboy);
  });
}
