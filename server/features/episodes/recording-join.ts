import fs from 'node:fs';
import { Readable } from 'node:stream';
import { inputGuard, runFfmpeg, type StreamFormat } from '../../media/ffmpeg';

/** How a recording in each stream format is stored: its own codec, copied (never re-encoded). */
export const JOINED: Record<StreamFormat, { ext: string; muxer: string; mime: string }> = {
  mp3: { ext: 'mp3', muxer: 'mp3', mime: 'audio/mpeg' },
  aac: { ext: 'm4a', muxer: 'ipod', mime: 'audio/mp4' },
  ogg: { ext: 'ogg', muxer: 'ogg', mime: 'audio/ogg' },
};

/** Joining a two-hour show's parts (a copy, no encoding) takes seconds; past this it is stuck. */
export const JOIN_TIMEOUT_MS = 15 * 60_000;

/**
 * docs/recorder.md "The end": the parts reach ffmpeg one after the other on its standard input,
 * read with the demuxer their bytes were sniffed as (`-f mp3|aac|ogg`), and only that one, from
 * the pipe only. Not the concat demuxer: it guesses each part's format from the part's bytes, so
 * a part that was an HLS playlist made ffmpeg open the files the playlist named (issue 41), and
 * it cannot be told a format per file. MP3 and ADTS are frame streams and Ogg streams may be
 * chained, so the parts' bytes one after another are one valid stream of that format.
 */
export function joinArgs(format: StreamFormat, output: string): string[] {
  return ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...inputGuard(['pipe'], [format], format), '-i', 'pipe:0', '-vn', '-map', '0:a:0', '-c', 'copy', '-f', JOINED[format].muxer, output];
}

async function* oneAfterAnother(files: readonly string[]): AsyncGenerator<Buffer> {
  for (const file of files) yield* fs.createReadStream(file) as AsyncIterable<Buffer>;
}

/** The parts, in order, joined into `output` in the stream's own format. */
export async function joinParts(files: readonly string[], format: StreamFormat, output: string, bin?: string): Promise<void> {
  await runFfmpeg(joinArgs(format, output), { timeoutMs: JOIN_TIMEOUT_MS, bin, stdin: Readable.from(oneAfterAnother(files), { objectMode: false }) });
}
