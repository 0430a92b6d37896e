/** A PCM WAV of silence; bitrate = sampleRate × channels × bits. */
export function wav(sampleRate: number, channels: number, bits: 8 | 16, seconds: number): Buffer;
