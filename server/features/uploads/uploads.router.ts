import Router from '@koa/router';
import fsp from 'node:fs/promises';
import sharp, { type Metadata } from 'sharp';
import { MIN_AUDIO_KBPS } from '../../../domain/tracks';
import { multipartBody } from '../../http/body';
import type { AppState, Deps } from '../../http/context';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../../http/errors';
import { idempotent } from '../../http/idempotency';
import { rateLimit } from '../../http/rate-limit';
import { audioKbps, sniffMedia, storeUpload } from '../../media/media-files';

export function uploadsRouter(deps: Deps): Router<AppState> {
  const { audioUploadBytes, imageUploadBytes } = deps.config.limits;
  const router = new Router<AppState>();

  router.post(
    '/api/uploads',
    rateLimit(deps, 'POST /api/uploads'),
    multipartBody(deps, { fileField: 'file', maxBytes: Math.max(audioUploadBytes, imageUploadBytes), textFields: [] }),
    idempotent(deps),
    async (ctx) => {
      const upload = ctx.state.upload;
      if (!upload || upload.size === 0) throw badRequest('A file is required', [{ path: 'file', message: 'A file is required' }]);
      const media = await sniffMedia(upload.path);
      if (!media) throw unsupportedMediaType('Only audio (MP3, WAV, OGG, M4A, FLAC, WebM) or images (JPEG, PNG, WebP, GIF, AVIF) can be uploaded');
      if (media.kind === 'image' && upload.size > imageUploadBytes) throw payloadTooLarge('Images must be 5 MB or smaller');
      if (media.kind === 'audio') {
        if (upload.size > audioUploadBytes) throw payloadTooLarge('Audio must be 20 MB or smaller');
        const kbps = await audioKbps(upload.path);
        if (kbps === null) throw badRequest('The audio bitrate could not be read', [{ path: 'file', message: 'The audio bitrate could not be read' }]);
        // api.md: under 128 kbps is refused, so 127.9 is not rounded up to pass.
        if (kbps < MIN_AUDIO_KBPS) {
          const message = `Audio must be at least ${MIN_AUDIO_KBPS}kbps (this file is ${Math.floor(kbps)}kbps)`;
          throw badRequest(message, [{ path: 'file', message }]);
        }
      }
      const ext = media.kind === 'image' ? await fitImage(upload.path, media.ext) : media.ext;
      ctx.status = 201;
      ctx.body = { url: await storeUpload(upload.path, deps.config.uploadDir, ext) };
    },
  );

  return router;
}

/** Photos are shown at most 800 px wide (or tall); larger ones cost listeners bytes for nothing. */
const MAX_IMAGE_SIDE = 800;

/**
 * An image wider or taller than 800 px is resized in place to fit 800×800 and stored as WebP
 * (quality 80); answers the extension to store it under. Smaller images, animated ones and any
 * the decoder cannot read are kept exactly as sent.
 */
async function fitImage(file: string, ext: string): Promise<string> {
  let meta: Metadata;
  try {
    meta = await sharp(file).metadata();
  } catch {
    return ext;
  }
  const { width = 0, height = 0 } = meta;
  if ((meta.pages ?? 1) > 1 || (width <= MAX_IMAGE_SIDE && height <= MAX_IMAGE_SIDE)) return ext;
  let out: Buffer;
  try {
    out = await sharp(file)
      .rotate()
      .resize(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    // A sound header over broken pixels (a truncated or corrupt file): too big to keep as
    // sent, and no browser would show it either.
    throw badRequest('The image could not be read', [{ path: 'file', message: 'The image could not be read' }]);
  }
  await fsp.writeFile(file, out);
  return 'webp';
}
