import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromFile } from 'file-type';
import { parseFile } from 'music-metadata';
import { OWN_UPLOAD_PATH } from '../../domain/fields';
import type { Deps } from '../http/context';

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

/** Average bitrate in kbps as the file declares it, or null when it cannot be read. */
export async function audioKbps(file: string): Promise<number | null> {
  try {
    const meta = await parseFile(file, { duration: false, skipCovers: true });
    const bitrate = meta.format.bitrate;
    return typeof bitrate === 'number' && Number.isFinite(bitrate) && bitrate > 0 ? bitrate / 1000 : null;
  } catch {
    return null;
  }
}

/** Moves an accepted temporary file under a fresh random name; answers its public URL. */
export async function storeUpload(tmpPath: string, uploadDir: string, ext: string): Promise<string> {
  await fsp.mkdir(uploadDir, { recursive: true });
  const name = `${randomUUID()}.${ext}`;
  await fsp.rename(tmpPath, path.join(uploadDir, name));
  return `/uploads/${name}`;
}

/**
 * Deletes the uploaded files a deleted row named (docs/api.md, Lists and deletes). Only names
 * of our own under /uploads/ are touched: anything else (an http(s) URL, a demo picture) is
 * not ours to delete, and the pattern leaves no room for '..'. A file already gone is fine.
 */
export async function deleteUploadedFiles(deps: Deps, urls: readonly string[]): Promise<void> {
  await Promise.all(
    urls
      .filter((url) => OWN_UPLOAD_PATH.test(url))
      .map((url) =>
        fsp.rm(path.join(deps.config.uploadDir, url.slice('/uploads/'.length)), { force: true }).catch(() => undefined),
      ),
  );
}
