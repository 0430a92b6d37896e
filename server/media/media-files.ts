import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { parseStream } from 'music-metadata';
import sharp, { type Metadata } from 'sharp';
import type { Deps } from '../http/context';
import { badRequest } from '../http/errors';
import { uploadsRepository } from '../features/uploads/uploads.repository';
import { AUDIO_DEMUXERS, ffmpegBinary, inputGuard } from './ffmpeg';
import { STORED_NAME } from './storage';

export type MediaKind = 'audio' | 'image';

export interface SniffedMedia {
  kind: MediaKind;
  ext: string;
  mime: string;
}

// Decided from the file's own bytes, never from the name or the client's Content-Type.
const AUDIO_EXTS = new Set(['mp3', 'wav', 'ogg', 'opus', 'oga', 'webm', 'm4a', 'mp4', 'aac', 'flac']);
const IMAGE_EXTS = new Set(['jpg', 'png', 'webp', 'gif', 'avif']);

export async function sniffMedia(file: string): Promise<SniffedMedia | null> {
  // A truncated or malformed container (a cut-off ZIP, say) makes file-type throw: not a type we take.
  const type = await fileTypeFromFile(file).catch(() => undefined);
  if (!type) return null;
  if (IMAGE_EXTS.has(type.ext)) return { kind: 'image', ext: type.ext, mime: type.mime };
  if (AUDIO_EXTS.has(type.ext)) return { kind: 'audio', ext: type.ext === 'mp4' ? 'm4a' : type.ext, mime: type.mime };
  return null;
}

/** Reading an audio file's metadata stops after this long (a crafted file must not hold a request). */
export const METADATA_TIME_LIMIT_MS = 5_000;

/** Average bitrate in kbps as the file declares it, or null when it cannot be read in time. */
export async function audioKbps(file: string, timeLimitMs = METADATA_TIME_LIMIT_MS): Promise<number | null> {
  const stream = fs.createReadStream(file);
  let timer: NodeJS.Timeout | undefined;
  try {
    const { size } = await fsp.stat(file);
    const meta = await Promise.race([
      parseStream(stream, { size }, { duration: false, skipCovers: true }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('metadata time limit')), timeLimitMs);
      }),
    ]);
    const bitrate = meta.format.bitrate;
    return typeof bitrate === 'number' && Number.isFinite(bitrate) && bitrate > 0 ? bitrate / 1000 : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
    // Closes the file whether the parser finished, failed or ran out of time.
    stream.destroy();
  }
}

/** Containers that can carry a video track next to the sound. */
const VIDEO_CAPABLE = new Set(['m4a', 'webm', 'ogg', 'oga', 'opus']);

/**
 * Whether an audio upload carries a video track (cover art embedded as an attached picture
 * does not count). Asked of the server's ffmpeg (server/media/ffmpeg.ts), killed after the time limit.
 */
export async function hasVideoTrack(file: string, ext: string, timeLimitMs = METADATA_TIME_LIMIT_MS): Promise<boolean> {
  if (!VIDEO_CAPABLE.has(ext)) return false;
  const stderr = await new Promise<string>((resolve) => {
    const child = spawn(ffmpegBinary().path, probeArgs(file), { stdio: ['ignore', 'ignore', 'pipe'] });
    let out = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (out.length < 64_000) out += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeLimitMs);
    child.on('close', () => {
      clearTimeout(timer);
      resolve(out);
    });
    child.on('error', () => {
      clearTimeout(timer);
      resolve('');
    });
  });
  return stderr.split('\n').some((line) => /Stream #\S+.*: Video:/.test(line) && !line.includes('attached pic'));
}

/** ffmpeg's description of an uploaded file's streams, read only as the audio we take (server/media/ffmpeg.ts). */
export function probeArgs(file: string): string[] {
  return ['-hide_banner', '-nostdin', ...inputGuard(['file'], AUDIO_DEMUXERS), '-i', file];
}

/** docs/api.md: images are decoded only under 40 megapixels. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Photos are shown at most 800 px wide (or tall); larger ones cost listeners bytes for nothing. */
const MAX_IMAGE_SIDE = 800;

const unreadableImage = () => badRequest('The image could not be read', [{ path: 'file', message: 'The image could not be read' }]);

/**
 * Re-encodes an image in place and answers the extension to store it under. The size is read
 * from the header first and anything over the pixel limit is refused before a pixel is
 * decoded. Every image is re-encoded, so no camera metadata (GPS position, serial numbers)
 * is ever stored or served; the EXIF orientation is applied first. Larger than 800 px: resized
 * to fit and stored as WebP.
 */
export async function prepareImage(file: string, ext: string, maxPixels = MAX_IMAGE_PIXELS): Promise<string> {
  let meta: Metadata;
  try {
    meta = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadableImage();
  }
  const { width = 0, height = 0 } = meta;
  const pages = meta.pages ?? 1;
  if (width * height * pages > maxPixels || width * height > maxPixels) {
    const message = `Images must be under ${Math.round(maxPixels / 1_000_000)} megapixels`;
    throw badRequest(message, [{ path: 'file', message }]);
  }
  const animated = pages > 1;
  const tooBig = width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE;
  let out: Buffer;
  let outExt = ext;
  try {
    let img = sharp(file, { animated, limitInputPixels: maxPixels }).rotate();
    if (tooBig) img = img.resize(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE, { fit: 'inside', withoutEnlargement: true });
    if (tooBig && !animated) {
      img = img.webp({ quality: 80 });
      outExt = 'webp';
    } else if (ext === 'jpg') img = img.jpeg({ quality: 85, mozjpeg: true });
    else if (ext === 'png') img = img.png({ compressionLevel: 9 });
    else if (ext === 'gif') img = img.gif();
    else if (ext === 'avif') img = img.avif({ quality: 60, effort: 2 });
    else img = img.webp({ quality: 80 });
    out = await img.toBuffer();
  } catch {
    // A sound header over broken pixels (a truncated or corrupt file): no browser would show it either.
    throw unreadableImage();
  }
  await fsp.writeFile(file, out);
  return outExt;
}

/** `/uploads/<name>` → name, for URLs of files we stored; anything else → null. */
export function storedNameOf(url: string | null | undefined): string | null {
  if (!url || !url.startsWith('/uploads/')) return null;
  const name = url.slice('/uploads/'.length);
  return STORED_NAME.test(name) ? name : null;
}

/**
 * Deletes the stored files behind these URLs (a deleted artist's photo, track's audio…) from
 * whichever storage is in use, and forgets them. URLs that are not our uploads (demo images,
 * outside links) are left alone; a file already gone is no error.
 */
export async function deleteUploadedFiles(deps: Pick<Deps, 'db' | 'storage'>, urls: readonly (string | null | undefined)[]): Promise<void> {
  const uploads = uploadsRepository(deps.db);
  const candidates = [...new Set(urls.map(storedNameOf).filter((n): n is string => n !== null))];
  // A file another row still points at stays: a spam row that reused a real artist's photo
  // URL must not take the photo with it when it is deleted.
  const stillUsed = await uploads.referenced(candidates.map((n) => `/uploads/${n}`));
  const names = candidates.filter((n) => !stillUsed.has(`/uploads/${n}`));
  for (const name of names) await deps.storage.remove(name);
  await uploads.forget(names);
}
