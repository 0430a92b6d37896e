// Makes the demo's sound: public/demo/audio/sample.mp3, a 16-second steel-pan tune over a bass
// line (C F G C, A minor F G C), synthesized here and encoded by the ffmpeg the project already
// ships (@ffmpeg-installer/ffmpeg). Every demo track plays it, and the demo stream
// (/demo/stream) loops it as its live sound (docs/performance.md, "Time to first sound").
// Made by the project, so it is ours to use freely. Re-run after changing the tune:
//   node scripts/make-demo-audio.mjs
//
// The file is constant-bitrate MPEG-1 Layer III at 44.1 kHz, 48 kbps mono, with no bit
// reservoir, no Xing header and no ID3 tag: every frame stands alone, so the demo stream can
// send it frame by frame and start again at its first frame without a glitch.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ffmpeg from '@ffmpeg-installer/ffmpeg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'public', 'demo', 'audio', 'sample.mp3');

const RATE = 44_100;
const BEAT = 0.5; // 120 beats a minute
const BAR = 4 * BEAT;
const BARS = 8;
const SECONDS = BARS * BAR;

/** MIDI note number to frequency. */
const hz = (note) => 440 * 2 ** ((note - 69) / 12);
// Chords as MIDI notes: root (for the bass) and the three tones the pan arpeggiates.
const C = { bass: 36, tones: [60, 64, 67] };
const F = { bass: 41, tones: [60, 65, 69] };
const G = { bass: 43, tones: [59, 62, 67] };
const Am = { bass: 45, tones: [60, 64, 69] };
const CHORDS = [C, F, G, C, Am, F, G, C];
// The melody, a note (or null for a rest) per beat.
const MELODY = [
  [76, 79, 81, 79],
  [77, 76, 74, 72],
  [74, 71, 74, 77],
  [76, null, 72, null],
  [76, 79, 81, 84],
  [81, 77, 76, 74],
  [74, 76, 77, 74],
  [72, null, null, null],
];

const samples = new Float32Array(Math.round(SECONDS * RATE));

/** Adds a struck note: a quick attack and an exponential decay, with the given partials. */
function strike(at, note, gain, decay, partials) {
  const f = hz(note);
  const start = Math.round(at * RATE);
  const length = Math.min(samples.length - start, Math.round(decay * 6 * RATE));
  for (let i = 0; i < length; i++) {
    const t = i / RATE;
    const envelope = Math.min(1, t / 0.004) * Math.exp(-t / decay);
    let v = 0;
    for (const [multiple, weight] of partials) v += weight * Math.sin(2 * Math.PI * f * multiple * t);
    samples[start + i] += gain * envelope * v;
  }
}

// A steel pan's voice: the note, its octave and (quieter) its twelfth.
const PAN = [
  [1, 1],
  [2, 0.45],
  [3, 0.12],
];
const BASS = [
  [1, 1],
  [2, 0.25],
];

CHORDS.forEach((chord, bar) => {
  const t0 = bar * BAR;
  // Bass on beats 1 and 3, the fifth on the "and" of 2 (a calypso lilt).
  strike(t0, chord.bass, 0.5, 0.45, BASS);
  strike(t0 + 1.5 * BEAT, chord.bass + 7, 0.35, 0.3, BASS);
  strike(t0 + 2 * BEAT, chord.bass, 0.45, 0.45, BASS);
  // The chord's tones, up and down, in eighths.
  const order = [0, 1, 2, 1, 0, 1, 2, 1];
  order.forEach((tone, i) => strike(t0 + (i * BEAT) / 2, chord.tones[tone], 0.16, 0.25, PAN));
  MELODY[bar].forEach((note, beat) => {
    if (note !== null) strike(t0 + beat * BEAT, note, 0.3, bar === BARS - 1 ? 0.5 : 0.35, PAN);
  });
});

// Normalised to -3 dB peak; the last 50 ms fade, so the loop's seam is quiet.
let peak = 0;
for (const v of samples) peak = Math.max(peak, Math.abs(v));
const scale = 0.7 / peak;
const fade = Math.round(0.05 * RATE);
const pcm = Buffer.alloc(samples.length * 2);
for (let i = 0; i < samples.length; i++) {
  const tail = Math.min(1, (samples.length - i) / fade);
  pcm.writeInt16LE(Math.round(samples[i] * scale * tail * 32767), i * 2);
}

fs.mkdirSync(path.dirname(out), { recursive: true });
const args = ['-hide_banner', '-loglevel', 'error', '-y', '-f', 's16le', '-ar', String(RATE), '-ac', '1', '-i', 'pipe:0'];
args.push('-c:a', 'libmp3lame', '-b:a', '48k', '-ar', String(RATE), '-reservoir', '0', '-write_xing', '0', '-id3v2_version', '0', '-f', 'mp3', out);
const run = spawnSync(ffmpeg.path, args, { input: pcm });
if (run.status !== 0) {
  console.error(run.stderr.toString());
  process.exit(1);
}
console.log(`${path.relative(root, out)}: ${SECONDS} s, ${fs.statSync(out).size} bytes`);
