// A PCM WAV file in memory, for upload benches and end-to-end tests (plain JavaScript so
// bench/ and e2e/ can both import it).

/** A PCM WAV of silence; bitrate = sampleRate × channels × bits. */
export function wav(sampleRate, channels, bits, seconds) {
  const blockAlign = channels * (bits / 8);
  const dataLength = Math.round(sampleRate * seconds) * blockAlign;
  const b = Buffer.alloc(44 + dataLength);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + dataLength, 4);
  b.write('WAVE', 8, 'ascii');
  b.write('fmt ', 12, 'ascii');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(channels, 22);
  b.writeUInt32LE(sampleRate, 24);
  b.writeUInt32LE(sampleRate * blockAlign, 28);
  b.writeUInt16LE(blockAlign, 32);
  b.writeUInt16LE(bits, 34);
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(dataLength, 40);
  if (bits === 8) b.fill(128, 44); // 8-bit PCM silence is the midpoint
  return b;
}
