import { Readable } from 'node:stream';
/**
 * Silent MPEG-1 Layer III, made by hand (no encoder is installed): a frame is a 4-byte
 * header and a payload of zeros. Zero side information means main_data_begin 0 and
 * part2_3_length 0 in every granule, that is no coded samples: a valid, silent frame that
 * every decoder (Chromium's included) plays.
 */
export declare const SAMPLE_RATE = 44100;
export declare const BITRATE = 128000;
export declare const SAMPLES_PER_FRAME = 1152;
/** 38.28125 frames a second at 44.1 kHz. */
export declare const FRAMES_PER_SECOND: number;
/** 144 * bitrate / sample rate = 417.96: 417 bytes, 418 with the padding slot. */
export declare const FRAME_BYTES: number;
export type Channels = 'stereo' | 'mono';
/** One frame: sync 0xFFF, MPEG-1, Layer III, no CRC; 128 kbps, 44.1 kHz; original. */
export declare function silentFrame(padded: boolean, channels?: Channels): Buffer;
export interface FrameCycle {
    data: Buffer;
    /** [start, end) of each frame in data. */
    frames: {
        start: number;
        end: number;
    }[];
}
/**
 * The smallest run of frames with the exact average bitrate: padding goes on 47 frames of
 * every 49 (417 + 47/49 bytes a frame), 20 480 bytes for 1.28 s of audio.
 */
export declare function silentCycle(channels?: Channels): FrameCycle;
/** The frame length a header announces (MPEG-1 Layer III only); null when it is not one. */
export declare function frameLength(header: Buffer | Uint8Array, at?: number): number | null;
/**
 * The frames of an MP3 file as a cycle, from its first frame header to its last whole frame
 * (MPEG-1 Layer III at 44.1 kHz only, as FRAMES_PER_SECOND assumes). Throws on anything else.
 */
export declare function mp3Cycle(file: Buffer): FrameCycle;
/** A cycle's average bitrate, in bits a second. */
export declare function cycleBitrate(cycle: FrameCycle): number;
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
export declare class LiveMp3Stream extends Readable {
    #private;
    constructor(cycle: FrameCycle, options?: LiveOptions);
    /** Frames sent so far. */
    get framesSent(): number;
    _read(): void;
    _destroy(err: Error | null, callback: (error?: Error | null) => void): void;
}
