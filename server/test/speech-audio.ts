import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';

/**
 * A real MP3 of `seconds` of a voice-like signal (a tone wobbling in pitch over pink noise),
 * made with the ffmpeg the server uses: what an admin uploads as an episode.
 */
export function speechLikeMp3(seconds: number, kbps = 64): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'speech-'));
  const file = path.join(dir, 'speech.mp3');
  try {
    execFileSync(ffmpegInstaller.path, [
      '-hide_banner', '-loglevel', 'error',
      '-f', 'lavfi', '-i', `sine=frequency=220:duration=${seconds}`,
      '-f', 'lavfi', '-i', `anoisesrc=d=${seconds}:c=pink:a=0.05`,
      '-filter_complex', '[0:a]vibrato=f=4:d=0.5[v];[v][1:a]amix=inputs=2:duration=shortest',
      '-ac', '1', '-c:a', 'libmp3lame', '-b:a', `${kbps}k`, file,
    ]);
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
