import fsp from 'node:fs/promises';
import type { StreamFormat } from './ffmpeg';

// What a station's stream is, read from its own bytes (docs/recorder.md "What is kept"): never
// from its Content-Type, which whoever controls the station (or an http network) writes.

/** How much of a part's beginning is read to decide. */
export const STREAM_SNIFF_BYTES = 16 * 1024;
/** Frames in a row, each header valid and its length leading to the next, before MP3 or AAC is believed. */
const FRAMES_IN_A_ROW = 3;

const MP3_KBPS_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MP3_KBPS_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const MP3_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

/** The length of the MPEG audio Layer III frame whose header starts at `i`, or 0 when there is none. */
function mp3FrameAt(b: Uint8Array, i: number): number {
  if (i + 4 > b.length || b[i] !== 0xff || (b[i + 1]! & 0xe0) !== 0xe0) return 0;
  const version = (b[i + 1]! >> 3) & 3; // 3 MPEG-1, 2 MPEG-2, 0 MPEG-2.5, 1 reserved
  const layer = (b[i + 1]! >> 1) & 3; // 1 is Layer III
  const bitrateIndex = b[i + 2]! >> 4;
  const rateIndex = (b[i + 2]! >> 2) & 3;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3 || (b[i + 3]! & 3) === 2) return 0;
  const kbps = (version === 3 ? MP3_KBPS_V1 : MP3_KBPS_V2)[bitrateIndex]!;
  const rate = MP3_RATES[version]![rateIndex]!;
  const padding = (b[i + 2]! >> 1) & 1;
  return Math.floor(((version === 3 ? 144 : 72) * kbps * 1000) / rate) + padding;
}

/** The length of the ADTS (AAC) frame whose header starts at `i`, or 0 when there is none. */
function adtsFrameAt(b: Uint8Array, i: number): number {
  if (i + 7 > b.length || b[i] !== 0xff || (b[i + 1]! & 0xf6) !== 0xf0) return 0;
  if (((b[i + 2]! >> 2) & 0xf) > 12) return 0; // sampling frequency index
  const length = ((b[i + 3]! & 3) << 11) | (b[i + 4]! << 3) | (b[i + 5]! >> 5);
  return length >= ((b[i + 1]! & 1) === 0 ? 9 : 7) ? length : 0;
}

/** Whether FRAMES_IN_A_ROW frames follow each other from `i` (the head may end inside the last one). */
function framesFrom(b: Uint8Array, i: number, frameAt: (b: Uint8Array, i: number) => number): boolean {
  let at = i;
  for (let n = 0; n < FRAMES_IN_A_ROW; n++) {
    const length = frameAt(b, at);
    if (length === 0) return false;
    at += length;
    if (at >= b.length) return n >= 1;
  }
  return true;
}

/** Bytes an ID3v2 tag at the start takes (a stream may begin with one), or 0. */
function id3Length(b: Uint8Array): number {
  if (b.length < 10 || b[0] !== 0x49 || b[1] !== 0x44 || b[2] !== 0x33) return 0;
  const size = ((b[6]! & 0x7f) << 21) | ((b[7]! & 0x7f) << 14) | ((b[8]! & 0x7f) << 7) | (b[9]! & 0x7f);
  return 10 + size + ((b[5]! & 0x10) !== 0 ? 10 : 0);
}

/**
 * MP3 or ADTS AAC (frames in a row, found anywhere in the head: a connection may start mid-frame),
 * Ogg (a page at the very start: a server sends the codec's headers to each new listener), or
 * null for anything else (a playlist, an HTML page, a video, a file of another kind).
 */
export function sniffStreamAudio(head: Uint8Array): StreamFormat | null {
  if (head.length >= 27 && head[0] === 0x4f && head[1] === 0x67 && head[2] === 0x67 && head[3] === 0x53 && head[4] === 0) return 'ogg';
  for (let i = id3Length(head); i < head.length - 4; i++) {
    if (head[i] !== 0xff) continue;
    if (framesFrom(head, i, mp3FrameAt)) return 'mp3';
    if (framesFrom(head, i, adtsFrameAt)) return 'aac';
  }
  return null;
}

/** The first STREAM_SNIFF_BYTES of a file, sniffed. */
export async function sniffStreamFile(file: string): Promise<StreamFormat | null> {
  const handle = await fsp.open(file, 'r');
  try {
    const head = Buffer.alloc(STREAM_SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return sniffStreamAudio(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
