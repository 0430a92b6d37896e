import { Readable } from 'node:stream';

/**
 * Silent MPEG-1 Layer III, made by hand (no encoder is installed): a frame is a 4-byte
 * header and a payload of zeros. Zero side information means main_data_begin 0 and
 * part2_3_length 0 in every granule, that is no coded samples: a valid, silent frame that
 * every decoder (Chromium's included) plays.
 */

export const SAMPLE_RATE = 44_100;
export const BITRATE = 128_000;
export const SAMPLES_PER_FRAME = 1152;
/** 38.28125 frames a second at 44.1 kHz. */
export const FRAMES_PER_SECOND = SAMPLE_RATE / SAMPLES_PER_FRAME;
/** 144 * bitrate / sample rate = 417.96: 417 bytes, 418 with the padding slot. */
export const FRAME_BYTES = Math.floor((144 * BITRATE) / SAMPLE_RATE);

export type Channels = 'stereo' | 'mono';

/** One frame: sync 0xFFF, MPEG-1, Layer III, no CRC; 128 kbps, 44.1 kHz; original. */
export function silentFrame(padded: boolean, channels: Channels = 'stereo'): Buffer {
  const frame = Buffer.alloc(FRAME_BYTES + (padded ? 1 : 0));
  frame[0] = 0xff; // sync (11 bits) ...
  frame[1] = 0xfb; // ... + version 11 (MPEG-1) + layer 01 (III) + protection 1 (no CRC)
  frame[2] = 0x90 | (padded ? 0x02 : 0); // bitrate index 1001 (128 kbps), rate 00 (44.1 kHz), padding
  frame[3] = (channels === 'mono' ? 0xc0 : 0x00) | 0x04; // channel mode, original bit
  return frame;
}

export interface FrameCycle {
  data: Buffer;
  /** [start, end) of each frame in data. */
  frames: { start: number; end: number }[];
}

/**
 * The smallest run of frames with the exact average bitrate: padding goes on 47 frames of
 * every 49 (417 + 47/49 bytes a frame), 20 480 bytes for 1.28 s of audio.
 */
export function silentCycle(channels: Channels = 'stereo'): FrameCycle {
  const exact = (144 * BITRATE) / SAMPLE_RATE; // 417.959…
  const parts: Buffer[] = [];
  const frames: FrameCycle['frames'] = [];
  let offset = 0;
  let owed = 0;
  for (let i = 0; i < 49; i++) {
    owed += exact - FRAME_BYTES;
    const padded = owed >= 1 - 1e-9;
    if (padded) owed -= 1;
    const frame = silentFrame(padded, channels);
    parts.push(frame);
    frames.push({ start: offset, end: offset + frame.length });
    offset += frame.length;
  }
  return { data: Buffer.concat(parts), frames };
}

/** The frame length a header announces (MPEG-1 Layer III only); null when it is not one. */
export function frameLength(header: Buffer | Uint8Array, at = 0): number | null {
  const b0 = header[at];
  const b1 = header[at + 1];
  const b2 = header[at + 2];
  if (b0 === undefined || b1 === undefined || b2 === undefined) return null;
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return null; // sync
  if ((b1 & 0x18) !== 0x18 || (b1 & 0x06) !== 0x02) return null; // MPEG-1, Layer III
  const bitrates = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
  const rates = [44_100, 48_000, 32_000];
  const kbps = bitrates[b2 >> 4];
  const rate = rates[(b2 >> 2) & 0x03];
  if (!kbps || !rate) return null;
  return Math.floor((144 * kbps * 1000) / rate) + ((b2 >> 1) & 0x01);
}

/**
 * The frames of an MP3 file as a cycle, from its first frame header to its last whole frame
 * (MPEG-1 Layer III at 44.1 kHz only, as FRAMES_PER_SECOND assumes). Made for the demo's tune
 * (scripts/make-demo-audio.mjs: no bit reservoir, so its first frame follows its last without a
 * glitch). Throws on anything else.
 */
export function mp3Cycle(file: Buffer): FrameCycle {
  let at = 0;
  while (at + 4 <= file.length && frameLength(file, at) === null) at += 1;
  const frames: FrameCycle['frames'] = [];
  const start = at;
  for (;;) {
    const length = frameLength(file, at);
    if (length === null || at + length > file.length) break;
    if (((file[at + 2]! >> 2) & 0x03) !== 0) throw new Error(`MP3 frame at byte ${at} is not 44.1 kHz`);
    frames.push({ start: at - start, end: at - start + length });
    at += length;
  }
  if (frames.length === 0) throw new Error('no MPEG-1 Layer III frames found');
  return { data: file.subarray(start, at), frames };
}

/** A cycle's average bitrate, in bits a second. */
export function cycleBitrate(cycle: FrameCycle): number {
  return Math.round((cycle.data.length * 8 * FRAMES_PER_SECOND) / cycle.frames.length);
}

export interface LiveOptions {
  /** Sent at once, as Icecast's burst-on-connect does, so a player starts quickly. */
  burstFrames?: number;
  tickMs?: number;
  /** A listener this far behind skips ahead rather than buffer without end, like a live source. */
  maxBufferedBytes?: number;
  clock?: () => number;
}

/**
 * An endless stream of the cycle's frames written in real time (38.28 a second), like a
 * live mount. It stops, and its timer with it, when destroyed (the listener went away).
 */
export class LiveMp3Stream extends Readable {
  readonly #cycle: FrameCycle;
  readonly #burst: number;
  readonly #maxBuffered: number;
  readonly #clock: () => number;
  readonly #started: number;
  #sent = 0;
  #timer: NodeJS.Timeout | null;

  constructor(cycle: FrameCycle, options: LiveOptions = {}) {
    super();
    this.#cycle = cycle;
    this.#burst = options.burstFrames ?? cycle.frames.length;
    this.#maxBuffered = options.maxBufferedBytes ?? 256 * 1024;
    this.#clock = options.clock ?? (() => performance.now());
    this.#started = this.#clock();
    this.#timer = setInterval(() => this.#tick(), options.tickMs ?? 100);
    // A listener never keeps the process alive on its own.
    this.#timer.unref();
  }

  /** Frames sent so far. */
  get framesSent(): number {
    return this.#sent;
  }

  override _read(): void {
    // The timer pushes; the first read gets the burst.
    if (this.#sent === 0) this.#tick();
  }

  #tick(): void {
    if (this.destroyed) return;
    const due = this.#burst + Math.floor(((this.#clock() - this.#started) / 1000) * FRAMES_PER_SECOND);
    const { data, frames } = this.#cycle;
    while (this.#sent < due) {
      if (this.readableLength > this.#maxBuffered) {
        this.#sent = due;
        break;
      }
      const frame = frames[this.#sent % frames.length]!;
      this.push(data.subarray(frame.start, frame.end));
      this.#sent += 1;
    }
  }

  override _destroy(err: Error | null, callback: (error?: Error | null) => void): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    callback(err);
  }
}
