import { createHash, randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import Busboy from 'busboy';
import getRawBody from 'raw-body';
import type { AppContext, Deps, Middleware, UploadedFile } from './context';
import { streamToFile } from '../media/stream-to-file';
import { HttpError, asHttpError, badRequest, payloadTooLarge, unsupportedMediaType } from './errors';

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

/** Counts a body's bytes as they arrive (the upload quotas): take() throws to refuse the body. */
export interface ByteMeter {
  take(bytes: number): Promise<void>;
  /** Once the body is done with, read whole or not. */
  settle(): Promise<void>;
}

export interface MultipartOptions {
  fileField: string;
  maxBytes: number;
  textFields: string[];
  /** Made before the body is read (it may refuse at once, from a declared length); charged every byte read. */
  meter?: (ctx: AppContext) => Promise<ByteMeter>;
}

/**
 * Room for the parts around the file (boundaries, part headers, the few short text fields):
 * a whole multipart body is bounded, not only its file part, so a body of endless preamble,
 * epilogue or ignored parts is refused too (docs/api.md Uploads).
 */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const tooLargeMessage = (maxBody: number) => `Request body is larger than ${Math.round(maxBody / 1024 / 1024)} MB`;
/** After refusing a body, what is left of it is read and dropped for at most this long, then the connection is closed. */
const DRAIN_MS = 5_000;

/**
 * Multipart routes: streams the one file to a temporary path (hashing as it goes) and
 * keeps a few short text fields. The handler moves the file; whatever it leaves is deleted.
 */
export function multipartBody(deps: Deps, options: MultipartOptions): Middleware {
  return async (ctx, next) => {
    if (!ctx.is('multipart/form-data')) throw unsupportedMediaType('Content-Type must be multipart/form-data');
    const tmpDir = path.join(deps.config.uploadDir, '.tmp');
    await fsp.mkdir(tmpDir, { recursive: true });
    // A declared length that could never fit is refused before anything is read or charged.
    const maxBody = options.maxBytes + MULTIPART_OVERHEAD_BYTES;
    if (ctx.request.length > maxBody) throw payloadTooLarge(tooLargeMessage(maxBody));
    const meter = options.meter ? await options.meter(ctx) : undefined;
    let parsed: Awaited<ReturnType<typeof parseMultipart>>;
    try {
      parsed = await parseMultipart(ctx, tmpDir, options, deps.config.limits, meter);
    } finally {
      await meter?.settle();
    }
    const { fields, upload } = parsed;
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
  limits: Pick<Deps['config']['limits'], 'uploadStallMs' | 'multipartBodyMs'>,
  meter: ByteMeter | undefined,
): Promise<{ fields: Record<string, string>; upload: UploadedFile | undefined }> {
  const stallMs = limits.uploadStallMs;
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
    const maxBody = options.maxBytes + MULTIPART_OVERHEAD_BYTES;
    let bodyBytes = 0;
    // Between the request and the parser: counts every byte of the body, whatever its framing
    // (chunked has no Content-Length), and holds each chunk until the quota has taken it.
    const counter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        if (settled) return cb();
        bodyBytes += chunk.length;
        if (bodyBytes > maxBody) {
          refuse(payloadTooLarge(tooLargeMessage(maxBody)));
          return cb();
        }
        if (!meter) return cb(null, chunk);
        meter.take(chunk.length).then(
          () => cb(null, chunk),
          (err: Error) => {
            refuse(err);
            cb();
          },
        );
      },
    });
    // The whole body, not only each gap in it, must arrive in time: a trickle that never
    // stalls for uploadStallMs must not hold a file and a connection open for hours.
    const deadline = setTimeout(() => refuse(new HttpError(408, 'Upload took too long; please try again on a better connection')), limits.multipartBodyMs);

    const cleanup = () => {
      clearTimeout(deadline);
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
      req.unpipe(counter);
      counter.unpipe(busboy);
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
    /**
     * Refuses a body mid-way (too large in all, over the quota, too slow): answered at once,
     * the connection then closed; what the client still sends is dropped meanwhile, for a
     * few seconds at most.
     */
    const refuse = (err: Error) => {
      if (settled) return;
      ctx.set('Connection', 'close');
      const drain = setTimeout(() => req.destroy(), DRAIN_MS);
      drain.unref();
      req.once('end', () => clearTimeout(drain));
      req.once('close', () => clearTimeout(drain));
      abort(err);
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
          reject(failure ?? asHttpError(err) ?? badRequest('Upload was interrupted'));
        },
      );
    });
    req.pipe(counter).pipe(busboy);
  });
}
