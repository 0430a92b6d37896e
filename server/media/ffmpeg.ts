import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';

/**
 * The one place the server's ffmpeg is chosen and its arguments guarded (docs/recorder.md
 * "ffmpeg"): the relay, the recorder, the renditions and the upload checks all run this binary,
 * and every input they give it carries `inputGuard`.
 */

export interface FfmpegVersion {
  /** The version as `ffmpeg -version` writes it ('5.1.9-0+deb12u1', 'N-47683-g0e8eb07980-static'). */
  version: string;
  /** The release number, when it is one (a git snapshot has none). */
  release: number[] | null;
  /** The last year of its copyright line: the year its source is from, for any build. */
  year: number | null;
}

export interface FfmpegBinary extends FfmpegVersion {
  path: string;
  /** 'machine': the `ffmpeg` on PATH; 'bundled': the one `@ffmpeg-installer/ffmpeg` ships (a 2018 build). */
  source: 'machine' | 'bundled';
}

/** Reads `ffmpeg -version`'s first line; null when the binary does not run. */
export function parseFfmpegVersion(firstLine: string): FfmpegVersion | null {
  const m = /^ffmpeg version (\S+)/.exec(firstLine.trim());
  if (!m) return null;
  const version = m[1]!;
  const release = /^n?(\d+)\.(\d+)(?:\.(\d+))?/.exec(version);
  const year = /Copyright \(c\) \d{4}-(\d{4})/.exec(firstLine);
  return {
    version,
    release: release ? release.slice(1).filter((p) => p !== undefined).map(Number) : null,
    year: year ? Number(year[1]) : null,
  };
}

export function readFfmpegVersion(bin: string): FfmpegVersion | null {
  const out = spawnSync(bin, ['-hide_banner', '-version'], { encoding: 'utf8', timeout: 10_000 });
  if (out.error || out.status !== 0) return null;
  // -hide_banner does not hide -version's own first line.
  return parseFfmpegVersion(out.stdout.split('\n')[0] ?? '');
}

/** Whether `a` is a newer ffmpeg than `b`: by release number when both have one, else by the year of their source. */
export function isNewerFfmpeg(a: FfmpegVersion, b: FfmpegVersion): boolean {
  if (a.release && b.release) {
    for (let i = 0; i < Math.max(a.release.length, b.release.length); i++) {
      const d = (a.release[i] ?? 0) - (b.release[i] ?? 0);
      if (d !== 0) return d > 0;
    }
    return false;
  }
  return a.year !== null && b.year !== null && a.year > b.year;
}

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

let chosen: FfmpegBinary | null = null;

/**
 * The machine's `ffmpeg` (on PATH) when it runs and is newer than the bundled one, else the
 * bundled one; decided once per process. A distribution's ffmpeg gets security fixes the 2018
 * bundled build never will.
 */
export function ffmpegBinary(): FfmpegBinary {
  if (chosen) return chosen;
  const bundled: FfmpegBinary = {
    path: ffmpegInstaller.path,
    source: 'bundled',
    ...(readFfmpegVersion(ffmpegInstaller.path) ?? { version: ffmpegInstaller.version, release: null, year: null }),
  };
  const machinePath = onPath(process.platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg');
  const machine = machinePath ? readFfmpegVersion(machinePath) : null;
  // The bundled binary's version unread (say, it does not run here): any working ffmpeg is better.
  chosen = machinePath && machine && (isNewerFfmpeg(machine, bundled) || bundled.year === null) ? { path: machinePath, source: 'machine', ...machine } : bundled;
  return chosen;
}

/** One line for the server's start: which ffmpeg, which version, and why. */
export function describeFfmpeg(bin: FfmpegBinary = ffmpegBinary()): string {
  const why = bin.source === 'machine' ? "the machine's, newer than the bundled one" : 'the one @ffmpeg-installer/ffmpeg ships';
  return `ffmpeg: ${bin.path} (version ${bin.version}; ${why})`;
}

/** The demuxers a station's stream may be read with: MP3, ADTS AAC, Ogg (Vorbis, Opus, FLAC). */
export const STREAM_DEMUXERS = ['mp3', 'aac', 'ogg'] as const;
export type StreamFormat = (typeof STREAM_DEMUXERS)[number];
/** The demuxers an upload's audio may be read with (server/media/media-files.ts AUDIO_EXTS): these, plus WAV, FLAC, WebM and MP4. */
export const AUDIO_DEMUXERS = [...STREAM_DEMUXERS, 'wav', 'flac', 'matroska', 'mov'] as const;

/**
 * Goes before every `-i`: the protocols ffmpeg may open (`pipe` for our standard input, `file`
 * for a file we wrote) and the demuxers it may pick. None of these demuxers opens another file
 * or URL, so a playlist (`hls`), a concat list or an `http:` link inside what a station or an
 * uploader sent is refused instead of followed (issue 41: an HLS playlist sent as audio/mpeg
 * made the recorder copy this server's own files). With `format`, that demuxer is forced too:
 * ffmpeg does not guess from the bytes at all.
 */
export function inputGuard(protocols: readonly ('file' | 'pipe')[], formats: readonly string[], format?: string): string[] {
  return ['-protocol_whitelist', protocols.join(','), '-format_whitelist', formats.join(','), ...(format ? ['-f', format] : [])];
}

export interface RunFfmpegOptions {
  timeoutMs: number;
  /** The binary; ffmpegBinary()'s by default (tests give a broken or stuck one). */
  bin?: string;
  /** Fed to ffmpeg's standard input (`-i pipe:0`). */
  stdin?: Readable;
}

/** Runs ffmpeg to the end; rejects with its last error lines, or when killed past the time limit. */
export function runFfmpeg(args: string[], options: RunFfmpegOptions): Promise<void> {
  const { timeoutMs } = options;
  return new Promise((resolve, reject) => {
    const child = spawn(options.bin ?? ffmpegBinary().path, args, { stdio: [options.stdin ? 'pipe' : 'ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let inputError: Error | null = null;
    child.stderr!.on('data', (chunk: Buffer) => {
      if (stderr.length < 2000) stderr += chunk.toString();
    });
    if (options.stdin && child.stdin) {
      // ffmpeg gone early (it refused the input): its exit says why.
      child.stdin.on('error', () => undefined);
      // The input failed (a part unreadable): a cut-short output must not pass for the whole.
      options.stdin.on('error', (err) => {
        inputError = err;
        child.kill('SIGKILL');
      });
      options.stdin.pipe(child.stdin);
    }
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      options.stdin?.destroy();
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      options.stdin?.destroy();
      if (inputError) reject(inputError);
      else if (code === 0) resolve();
      else reject(new Error(signal ? `ffmpeg stopped by ${signal} (over ${timeoutMs} ms)` : `ffmpeg exited ${code}: ${stderr.trim()}`));
    });
  });
}
