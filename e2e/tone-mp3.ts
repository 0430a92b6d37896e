import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A real 128 kbps MP3 tone of `seconds`, made with the machine's ffmpeg (Debian package): uploads take 128 kbps and up. */
export function toneMp3(seconds: number, frequency: number): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-tone-'));
  const file = path.join(dir, 'tone.mp3');
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `sine=frequency=${frequency}:duration=${seconds}`, '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '128k', file]);
  const bytes = fs.readFileSync(file);
  fs.rmSync(dir, { recursive: true, force: true });
  return bytes;
}
