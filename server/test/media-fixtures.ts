// Media files built at run time for upload tests: no binary fixtures in the repository.

/** A PCM WAV file: header plus `seconds` of silence. Bitrate = sampleRate × channels × bits. */
export function wav(sampleRate: number, channels: number, bits: 8 | 16, seconds = 0.05): Buffer {
  const blockAlign = channels * (bits / 8);
  return pcmWav(sampleRate, channels, bits, Math.round(sampleRate * seconds) * blockAlign);
}

/** A 44.1 kHz stereo 16-bit WAV (1411 kbps) of exactly `bytes` bytes (bytes − 44 a multiple of 4). */
export function wavOfSize(bytes: number): Buffer {
  if ((bytes - 44) % 4 !== 0 || bytes < 48) throw new Error(`no whole-sample WAV of ${bytes} bytes`);
  return pcmWav(44100, 2, 16, bytes - 44);
}

function pcmWav(sampleRate: number, channels: number, bits: 8 | 16, dataLength: number): Buffer {
  const blockAlign = channels * (bits / 8);
  const b = Buffer.alloc(44 + dataLength);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + dataLength, 4);
  b.write('WAVE', 8, 'ascii');
  b.write('fmt ', 12, 'ascii');
  b.writeUInt32LE(16, 16); // fmt chunk size
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(channels, 22);
  b.writeUInt32LE(sampleRate, 24);
  b.writeUInt32LE(sampleRate * blockAlign, 28); // byte rate
  b.writeUInt16LE(blockAlign, 32);
  b.writeUInt16LE(bits, 34);
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(dataLength, 40);
  return b;
}

// MPEG-1 Layer III bitrate table (kbps) by header index.
const MP3_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320] as const;

/** A CBR MPEG-1 Layer III stream at 44.1 kHz mono: valid frame headers, silent (zero) frames. */
export function mp3(kbps: (typeof MP3_KBPS)[number], frames = 12): Buffer {
  const index = MP3_KBPS.indexOf(kbps);
  if (index <= 0) throw new Error(`no MPEG-1 Layer III bitrate ${kbps}`);
  const frameLength = Math.floor((144 * kbps * 1000) / 44100);
  const out: Buffer[] = [];
  for (let i = 0; i < frames; i++) {
    const frame = Buffer.alloc(frameLength);
    frame[0] = 0xff; // sync
    frame[1] = 0xfb; // sync, MPEG-1, Layer III, no CRC
    frame[2] = index << 4; // bitrate index, 44100 Hz, no padding
    frame[3] = 0xc4; // mono, original
    out.push(frame);
  }
  return Buffer.concat(out);
}

/** A valid 1×1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A PNG (still sniffed as PNG) padded with trailing bytes to exactly `bytes`. */
export function pngOfSize(bytes: number): Buffer {
  return Buffer.concat([PNG_1X1, Buffer.alloc(Math.max(0, bytes - PNG_1X1.length))]);
}

export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>');
export const XML_SVG = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
export const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
export const TEXT = Buffer.from('just some words, not a song\n');

/** The start of a browser MediaRecorder WebM: an EBML header with DocType "webm", then a Segment. */
export function webm(): Buffer {
  const docType = Buffer.from([0x42, 0x82, 0x84, ...Buffer.from('webm', 'ascii')]);
  const ebml = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | docType.length]), docType]);
  const segment = Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
  return Buffer.concat([ebml, segment, Buffer.alloc(64)]);
}
