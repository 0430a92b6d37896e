import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import { isIPv6 } from 'node:net';
import path from 'node:path';
import { MIN_AUDIO_KBPS } from '../../../domain/renditions';
import { megabytes as mb } from '../../../domain/uploads';
import type { AppContext, Deps } from '../../http/context';
import { badRequest, payloadTooLarge, tooManyRequests, unsupportedMediaType } from '../../http/errors';
import { RESUMABLE_EXPIRY_MS } from '../../media/storage';
import { audioKbps, deleteUploadedFiles, hasVideoTrack, prepareImage, sniffMedia, storedNameOf } from '../../media/media-files';
import { uploadsRepository, type StoredPurpose } from './uploads.repository';

export type UploadPurpose = StoredPurpose;
export const UPLOAD_PURPOSES: readonly UploadPurpose[] = ['track', 'shoutout', 'image', 'episode'];

/** An upload that no row references is deleted this long after it arrived (docs/api.md Uploads). */
export const UNREFERENCED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/** Temporary files older than this are a crash's leftovers (a live upload writes more often). */
const STALE_TEMP_MS = 10 * 60 * 1000;

export function parsePurpose(value: string | null | undefined): UploadPurpose | null {
  if (value === undefined || value === null || value === '') return null;
  if ((UPLOAD_PURPOSES as readonly string[]).includes(value)) return value as UploadPurpose;
  const message = 'purpose must be track, shoutout, image or episode';
  throw badRequest(message, [{ path: 'purpose', message }]);
}

/**
 * An episode (a sermon, a two-hour show) is an admin's upload (the tus creation asks for the
 * key): as large as the day's quota for one address, and at any bitrate (speech is often 64 kbps).
 */
export const episodeUploadBytes = (deps: Pick<Deps, 'config'>): number => deps.config.limits.uploadQuotaAddressBytes;

/** The most a file of this purpose may be, checked before any byte is sent (tus creation). */
export function maxBytesFor(deps: Pick<Deps, 'config'>, purpose: UploadPurpose | null): number {
  const { audioUploadBytes, imageUploadBytes, shoutoutBytes } = deps.config.limits;
  if (purpose === 'episode') return episodeUploadBytes(deps);
  if (purpose === 'image') return imageUploadBytes;
  if (purpose === 'shoutout') return shoutoutBytes;
  if (purpose === 'track') return audioUploadBytes;
  return Math.max(audioUploadBytes, imageUploadBytes);
}

export function tooLargeFor(deps: Pick<Deps, 'config'>, purpose: UploadPurpose | null) {
  const { audioUploadBytes, imageUploadBytes, shoutoutBytes } = deps.config.limits;
  if (purpose === 'episode') return payloadTooLarge(`Episodes must be ${mb(episodeUploadBytes(deps))} MB or smaller`);
  if (purpose === 'image') return payloadTooLarge(`Images must be ${mb(imageUploadBytes)} MB or smaller`);
  if (purpose === 'shoutout') return payloadTooLarge(`Shoutouts must be ${mb(shoutoutBytes)} MB or smaller`);
  return payloadTooLarge(`Audio must be ${mb(audioUploadBytes)} MB or smaller`);
}

/**
 * The one check every upload passes, whichever way it came (POST /api/uploads, a finished
 * resumable upload, a multipart shoutout): type sniffed from the bytes, size limits, no video
 * track, the 128 kbps floor for artist audio, images re-encoded under the pixel limit. Stores
 * the file under a new random name and records it; answers its URL. Throws the HttpError to
 * answer otherwise. The caller deletes its temporary file either way.
 */
export async function acceptUpload(
  deps: Deps,
  file: { path: string; size: number },
  opts: { purpose: UploadPurpose | null; clientAddress: string; resumableId?: string | null },
): Promise<string> {
  const { purpose } = opts;
  const { audioUploadBytes, imageUploadBytes, shoutoutBytes } = deps.config.limits;
  if (file.size === 0) throw badRequest('A file is required', [{ path: 'file', message: 'A file is required' }]);
  const media = await sniffMedia(file.path);
  if (!media) {
    if (purpose === 'shoutout') throw unsupportedMediaType('Shoutouts must be an audio recording');
    if (purpose === 'image') throw unsupportedMediaType('Only images (JPEG, PNG, WebP, GIF, AVIF) can be uploaded here');
    throw unsupportedMediaType('Only audio (MP3, WAV, OGG, M4A, FLAC, WebM) or images (JPEG, PNG, WebP, GIF, AVIF) can be uploaded');
  }
  if (purpose === 'image' && media.kind !== 'image') throw unsupportedMediaType('Only images (JPEG, PNG, WebP, GIF, AVIF) can be uploaded here');
  if (purpose === 'shoutout' && media.kind !== 'audio') throw unsupportedMediaType('Shoutouts must be an audio recording');
  if (purpose === 'track' && media.kind !== 'audio') throw unsupportedMediaType('Only audio (MP3, WAV, OGG, M4A, FLAC, WebM) can be uploaded as a track');
  if (purpose === 'episode' && media.kind !== 'audio') throw unsupportedMediaType('Only audio (MP3, WAV, OGG, M4A, FLAC, WebM) can be uploaded as an episode');

  let ext = media.ext;
  let mime = media.mime;
  if (media.kind === 'image') {
    if (file.size > imageUploadBytes) throw payloadTooLarge(`Images must be ${mb(imageUploadBytes)} MB or smaller`);
    ext = await prepareImage(file.path, media.ext);
    mime = ext === 'webp' ? 'image/webp' : media.mime;
  } else {
    const limit = purpose === 'shoutout' ? shoutoutBytes : purpose === 'episode' ? episodeUploadBytes(deps) : audioUploadBytes;
    if (file.size > limit) throw tooLargeFor(deps, purpose === 'shoutout' || purpose === 'episode' ? purpose : 'track');
    if (await hasVideoTrack(file.path, media.ext)) throw unsupportedMediaType('Audio with a video track cannot be uploaded');
    if (purpose !== 'shoutout' && purpose !== 'episode') {
      const kbps = await audioKbps(file.path);
      if (kbps === null) throw badRequest('The audio bitrate could not be read', [{ path: 'file', message: 'The audio bitrate could not be read' }]);
      // docs/api.md: under 128 kbps is refused, so 127.9 is not rounded up to pass.
      if (kbps < MIN_AUDIO_KBPS) {
        const message = `Audio must be at least ${MIN_AUDIO_KBPS}kbps (this file is ${Math.floor(kbps)}kbps)`;
        throw badRequest(message, [{ path: 'file', message }]);
      }
    }
  }
  const { size } = await fsp.stat(file.path);
  const name = `${randomUUID()}.${ext}`;
  await deps.storage.put(name, file.path, mime);
  await uploadsRepository(deps.db).record({
    name,
    purpose: purpose ?? (media.kind === 'image' ? 'image' : 'track'),
    bytes: size,
    clientAddress: opts.clientAddress,
    resumableId: opts.resumableId ?? null,
    now: deps.now(),
  });
  return `/uploads/${name}`;
}

/** A shoutout may name only a finished upload of purpose `shoutout` (docs/api.md Shoutouts). */
export async function isShoutoutUpload(deps: Deps, url: string): Promise<boolean> {
  const name = storedNameOf(url);
  if (!name) return false;
  const row = await uploadsRepository(deps.db).find(name);
  return row?.purpose === 'shoutout';
}

/** The quota scope of an address: IPv6 by its /64 (one phone moves within it), IPv4 as is. */
export function quotaScopeOf(address: string): string {
  const a = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (!isIPv6(a)) return a;
  const groups = expandIPv6(a);
  return `${groups.slice(0, 4).join(':')}::/64`;
}

function expandIPv6(a: string): string[] {
  const [head = '', tail = ''] = a.split('::');
  const h = head ? head.split(':') : [];
  const t = a.includes('::') ? (tail ? tail.split(':') : []) : [];
  const fill = Array(Math.max(0, 8 - h.length - t.length)).fill('0');
  return [...h, ...(a.includes('::') ? fill : []), ...t].map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''));
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Counts bytes against the daily quotas (docs/api.md configuration) before they are accepted;
 * over either one: 429 with Retry-After until the next UTC day, and nothing is counted.
 */
export async function chargeQuota(deps: Deps, clientAddress: string, bytes: number): Promise<void> {
  if (bytes <= 0) return;
  const now = deps.now();
  const day = Math.floor(now / DAY_MS);
  const scopes = [`address:${quotaScopeOf(clientAddress)}`, 'total'];
  const repo = uploadsRepository(deps.db);
  const [forAddress = 0, total = 0] = await repo.addBytes(day, scopes, bytes);
  const { uploadQuotaAddressBytes, uploadQuotaTotalBytes } = deps.config.limits;
  if (forAddress > uploadQuotaAddressBytes || total > uploadQuotaTotalBytes) {
    await repo.addBytes(day, scopes, -bytes);
    const message =
      forAddress > uploadQuotaAddressBytes
        ? `You have uploaded the most allowed today (${mb(uploadQuotaAddressBytes)} MB). Please try again tomorrow.`
        : 'Uploads are paused for today: the daily limit for everyone was reached. Please try again tomorrow.';
    throw tooManyRequests(((day + 1) * DAY_MS - now) / 1000, message);
  }
}

/** Bytes charged at a time while a body of unknown length arrives: one database write per MB, not per chunk. */
export const QUOTA_STEP_BYTES = 1024 * 1024;

/**
 * The daily quotas charged with the bytes a body actually brings, whatever its framing
 * (docs/api.md Uploads): `reserve` charges a declared length before anything is read (so a
 * body that could never fit is refused at once); `take` charges what arrives beyond what was
 * charged, a step ahead, and throws the 429 once a body crosses what the quota leaves;
 * `settle` gives back what was charged but never came (a cut connection, a refused body).
 */
export function quotaMeter(deps: Deps, clientAddress: string) {
  let charged = 0;
  let received = 0;
  // What is given back goes to the day it was charged to, not the next one.
  let day = Math.floor(deps.now() / DAY_MS);
  const charge = async (bytes: number) => {
    day = Math.floor(deps.now() / DAY_MS);
    await chargeQuota(deps, clientAddress, bytes);
    charged += bytes;
  };
  return {
    async reserve(bytes: number): Promise<void> {
      if (bytes > 0) await charge(bytes);
    },
    async take(bytes: number): Promise<void> {
      received += bytes;
      if (received <= charged) return;
      const needed = received - charged;
      const step = Math.max(needed, QUOTA_STEP_BYTES);
      try {
        await charge(step);
      } catch (err) {
        // A whole step may not fit where the bytes themselves still do.
        if (step === needed) throw err;
        await charge(needed);
      }
    },
    async settle(): Promise<void> {
      const unused = charged - received;
      if (unused <= 0) return;
      charged = received;
      await uploadsRepository(deps.db).addBytes(day, [`address:${quotaScopeOf(clientAddress)}`, 'total'], -unused);
    },
  };
}

/** multipartBody's meter (server/http/body.ts): the quotas, charged first with a declared Content-Length. */
export const quotaMeterFor = (deps: Deps) => async (ctx: AppContext) => {
  const meter = quotaMeter(deps, ctx.state.clientAddress);
  const declared = Number(ctx.get('content-length'));
  if (Number.isSafeInteger(declared)) await meter.reserve(declared);
  return meter;
};

/**
 * The lifecycle sweep (docs/uploads.md): uploads that no artist, track, shoutout, event,
 * sponsor or ad references 24 h after they arrived are deleted; referenced ones are marked
 * kept. Stored files the table does not know (made before it existed, or stored by a process
 * that crashed before recording them) are treated the same by their age. Expired unfinished
 * resumable uploads and old quota counts go too. Answers the number of files deleted.
 */
export async function sweepUploads(deps: Deps): Promise<number> {
  const repo = uploadsRepository(deps.db);
  const now = deps.now();
  const before = now - UNREFERENCED_UPLOAD_TTL_MS;
  let deleted = 0;

  for (;;) {
    const rows = await repo.unkeptBefore(before);
    if (rows.length === 0) break;
    const urls = rows.map((r) => `/uploads/${r.name}`);
    const used = await repo.referenced(urls);
    await repo.markKept(rows.filter((r) => used.has(`/uploads/${r.name}`)).map((r) => r.name), now);
    const unused = urls.filter((u) => !used.has(u));
    await deleteUploadedFiles(deps, unused);
    deleted += unused.length;
    if (rows.length < 500) break;
  }

  const strays: string[] = [];
  for await (const f of deps.storage.list()) {
    if (f.modifiedAt < before) strays.push(f.name);
    if (strays.length >= 1000) break;
  }
  const known = await repo.known(strays);
  const unknown = strays.filter((n) => !known.has(n));
  const used = await repo.referenced(unknown.map((n) => `/uploads/${n}`));
  for (const name of unknown) {
    if (used.has(`/uploads/${name}`)) {
      await repo.record({ name, purpose: 'track', bytes: 0, clientAddress: '', resumableId: null, now });
      await repo.markKept([name], now);
    } else {
      await deps.storage.remove(name);
      deleted += 1;
    }
  }

  await deps.storage.resumable.deleteExpired().catch(() => 0);
  // Tokens outlive their uploads a day, for a client asking for an answer it missed.
  await repo.pruneOwners(now - 2 * RESUMABLE_EXPIRY_MS);
  await repo.pruneQuota(Math.floor(now / DAY_MS) - 1);
  return deleted;
}

/** Clears temporary files a crash left behind (old enough that no live upload owns them). */
export async function clearStaleTemp(uploadDir: string, now = Date.now()): Promise<number> {
  const dir = path.join(uploadDir, '.tmp');
  let names: string[];
  try {
    names = await fsp.readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const s = await fsp.stat(file).catch(() => null);
    if (s && now - s.mtimeMs > STALE_TEMP_MS) {
      await fsp.rm(file, { force: true, recursive: true });
      removed += 1;
    }
  }
  return removed;
}
