import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TRACK_LOW_DATA_KBPS } from '../../domain/renditions';
import type { Deps } from '../http/context';
import { AUDIO_DEMUXERS, inputGuard, runFfmpeg } from './ffmpeg';
import { storedNameOf } from './media-files';
import { streamToFile } from './stream-to-file';

/**
 * The low-data renditions the server makes with the server's ffmpeg (server/media/ffmpeg.ts,
 * docs/renditions.md). Each profile is one ffmpeg command and the type it is stored as.
 */
export interface RenditionProfile {
  args: readonly string[];
  ext: string;
  contentType: string;
}

/** Artists' tracks: mono AAC-LC at 48 kbps (TRACK_LOW_DATA_KBPS), which every browser plays (music needs more bits than speech). */
export const TRACK_PROFILE: RenditionProfile = {
  args: ['-ac', '1', '-c:a', 'aac', '-b:a', `${TRACK_LOW_DATA_KBPS}k`, '-f', 'ipod', '-movflags', '+faststart'],
  ext: 'm4a',
  contentType: 'audio/mp4',
};

/**
 * Episodes (mostly speech): mono Opus at 24 kbps, constrained VBR, in MP4 (docs/renditions.md:
 * Opus is the best codec for speech at this rate; Chromium, Firefox and Safari 17+ play Opus
 * in MP4; the shipped ffmpeg muxes it as experimental, hence -strict -2). A 30-minute episode
 * is about 5.5–6 MB (goal 7.2 MB, i.e. 32 kbps, with the container counted).
 */
export const EPISODE_PROFILE: RenditionProfile = {
  args: ['-ac', '1', '-c:a', 'libopus', '-b:a', '24k', '-vbr', 'constrained', '-application', 'voip', '-f', 'mp4', '-strict', '-2', '-movflags', '+faststart'],
  ext: 'm4a',
  contentType: 'audio/mp4',
};

/** A song takes seconds; a two-hour show a minute or two on a small server. Past this it is stuck. */
export const RENDITION_TIMEOUT_MS = 15 * 60_000;

export interface RenditionOptions {
  /** The ffmpeg binary; ffmpegBinary()'s by default (the machine's when newer, else the registry package's). */
  ffmpegPath?: string;
  timeoutMs?: number;
}

/**
 * Converts one of our stored files (`/uploads/<name>`) and stores the result under a new name;
 * answers its URL and size, or null when the source is not a file we stored (ffmpeg is never
 * pointed at another host). Storage may be the disk or S3: ffmpeg works on local copies.
 */
export async function makeRendition(
  deps: Pick<Deps, 'storage'>,
  sourceUrl: string,
  profile: RenditionProfile,
  options: RenditionOptions = {},
): Promise<{ url: string; bytes: number } | null> {
  const sourceName = storedNameOf(sourceUrl);
  if (!sourceName) return null;
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'rendition-'));
  const source = path.join(work, `source${path.extname(sourceName)}`);
  const output = path.join(work, `low.${profile.ext}`);
  const name = `${randomUUID()}.${profile.ext}`;
  try {
    if (!(await deps.storage.stat(sourceName))) throw new Error(`${sourceName} is not in storage`);
    await streamToFile(source, await deps.storage.read(sourceName));
    await runFfmpeg(renditionArgs(source, profile, output), { bin: options.ffmpegPath, timeoutMs: options.timeoutMs ?? RENDITION_TIMEOUT_MS });
    const { size } = await fsp.stat(output);
    await deps.storage.put(name, output, profile.contentType);
    return { url: `/uploads/${name}`, bytes: size };
  } finally {
    await fsp.rm(work, { recursive: true, force: true }).catch(() => {});
  }
}

/** What a rendition job (a track's, an episode's) is given: ffmpeg's, and where a failure is told. */
export type RenditionJobOptions = RenditionOptions & { log?: (line: string) => void };

/**
 * A rendition job's work on one item: makes the rendition of its stored file and has `record`
 * write it on the item, which answers false when the item's file changed or it went away
 * meanwhile (the rendition is nobody's, and is removed). A source that is not ours (an external
 * URL, a demo file) is left alone: the original plays. A failure is logged and thrown, for the
 * queue to try again.
 */
export async function renderAndRecord(
  deps: Pick<Deps, 'storage'>,
  item: { type: 'track' | 'episode'; id: string; fileUrl: string },
  profile: RenditionProfile,
  options: RenditionJobOptions,
  record: (made: { url: string; bytes: number }) => Promise<boolean>,
): Promise<void> {
  try {
    const made = await makeRendition(deps, item.fileUrl, profile, options);
    if (!made) return;
    if (!(await record(made))) await deps.storage.remove(made.url.slice('/uploads/'.length)).catch(() => {});
  } catch (err) {
    const log = options.log ?? ((line: string) => process.stderr.write(line + '\n'));
    log(JSON.stringify({ level: 'warn', msg: 'rendition failed; the original plays', [item.type]: item.id, error: (err as Error).message }));
    throw err;
  }
}

/** One rendition's ffmpeg arguments: a local copy of an uploaded file, read only as the audio we take (server/media/ffmpeg.ts). */
export function renditionArgs(source: string, profile: RenditionProfile, output: string): string[] {
  return ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...inputGuard(['file'], AUDIO_DEMUXERS), '-i', source, '-vn', '-map_metadata', '-1', ...profile.args, output];
}
