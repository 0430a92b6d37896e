import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import type { Track } from '../../../domain/tracks';
import type { Deps } from '../../http/context';
import { streamToFile } from '../../media/stream-to-file';
import { tracksRepository } from './tracks.repository';

/** docs/renditions.md: what Low Data Mode plays; about a third of a 128 kbps original. */
export const RENDITION_KBPS = 48;
/** A song is minutes long; ffmpeg converts it in seconds. Past this it is stuck: kill it. */
export const RENDITION_TIMEOUT_MS = 120_000;

export interface RenditionOptions {
  /** The ffmpeg binary; the registry package's own by default, so npm install is the only set-up. */
  ffmpegPath?: string;
  timeoutMs?: number;
  log?: (line: string) => void;
}

const UPLOAD_NAME = /^\/uploads\/([A-Za-z0-9-]+\.[a-z0-9]+)$/;

/**
 * Makes the low-bitrate rendition of an approved track (about 48 kbps mono AAC in an M4A,
 * which every browser plays, Safari included) and records its URL on the track. It runs
 * after the PATCH has answered: the admin never waits for ffmpeg. One conversion at a time
 * per process, so a batch of approvals on a small server does not starve the API of CPU.
 * Only files this server stored are converted: ffmpeg is never pointed at another host.
 */
export function trackRenditions(deps: Deps, options: RenditionOptions = {}) {
  const tracks = tracksRepository(deps.db);
  const ffmpeg = options.ffmpegPath ?? ffmpegInstaller.path;
  const timeoutMs = options.timeoutMs ?? RENDITION_TIMEOUT_MS;
  const log = options.log ?? ((line: string) => process.stderr.write(line + '\n'));
  const queued = new Set<string>();
  let chain: Promise<void> = Promise.resolve();

  async function render(track: Track): Promise<void> {
    const match = UPLOAD_NAME.exec(track.fileUrl);
    if (!match) return; // an external URL or a demo file: the original plays
    const sourceName = match[1]!;
    // Storage may be the local disk or an S3 bucket: ffmpeg works on local copies either way.
    const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'rendition-'));
    const source = path.join(work, `source${path.extname(sourceName)}`);
    const output = path.join(work, 'low.m4a');
    const name = `${randomUUID()}.m4a`;
    try {
      if (!(await deps.storage.stat(sourceName))) throw new Error(`${sourceName} is not in storage`);
      await streamToFile(source, await deps.storage.read(sourceName));
      await runFfmpeg(ffmpeg, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', source, '-vn', '-map_metadata', '-1', '-ac', '1', '-c:a', 'aac', '-b:a', `${RENDITION_KBPS}k`, '-f', 'ipod', '-movflags', '+faststart', output], timeoutMs);
      await deps.storage.put(name, output, 'audio/mp4');
      const recorded = await tracks.setLowDataUrl(track.id, track.fileUrl, `/uploads/${name}`);
      // The track's file changed or it went away meanwhile: the rendition is nobody's.
      if (!recorded) await deps.storage.remove(name).catch(() => {});
    } catch (err) {
      log(JSON.stringify({ level: 'warn', msg: 'rendition failed; the original plays', track: track.id, error: (err as Error).message }));
    } finally {
      await fsp.rm(work, { recursive: true, force: true }).catch(() => {});
    }
  }

  return {
    /** Queues a rendition for an approved track that has none; answers at once. */
    request(track: Track): void {
      if (track.status !== 'approved' || track.lowDataUrl || queued.has(track.id)) return;
      queued.add(track.id);
      chain = chain.then(() => render(track)).finally(() => queued.delete(track.id));
    },
    /** Resolves when every queued rendition has finished (tests, shutdown). */
    idle(): Promise<void> {
      return chain;
    },
  };
}

export type TrackRenditions = ReturnType<typeof trackRenditions>;

function runFfmpeg(bin: string, args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 2000) stderr += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(signal ? `ffmpeg stopped by ${signal} (over ${timeoutMs} ms)` : `ffmpeg exited ${code}: ${stderr.trim()}`));
    });
  });
}
