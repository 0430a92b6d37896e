import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { expect } from 'vitest';
import { ADMIN_KEY, freshAddress, type TestApp } from './test-app';

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

const meta = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

/** An admin's resumable upload of `data` with purpose episode; answers the stored URL. */
/** `admin`: the admin key (true), none (false), or a signed-in person's headers (cookie, session header, Origin). */
export async function uploadEpisodeAudio(app: TestApp, data: Buffer, admin: boolean | Record<string, string> = true): Promise<Response | string> {
  const headers: Record<string, string> = { 'Tus-Resumable': '1.0.0', 'X-Forwarded-For': freshAddress() };
  if (admin === true) headers['x-admin-key'] = ADMIN_KEY;
  else if (admin) Object.assign(headers, admin);
  const created = await fetch(app.url + '/api/uploads/resumable', {
    method: 'POST',
    headers: { ...headers, 'Upload-Length': String(data.length), 'Upload-Metadata': meta({ filename: 'sermon.mp3', filetype: 'audio/mpeg', purpose: 'episode' }) },
  });
  if (created.status !== 201) return created;
  // docs/uploads.md "Ownership": the creation's Upload-Token goes with every later request.
  const done = await fetch(app.url + created.headers.get('location')!, {
    method: 'PATCH',
    headers: { ...headers, 'Upload-Token': created.headers.get('upload-token') ?? '', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: data,
  });
  expect(done.status).toBe(204);
  return done.headers.get('upload-url')!;
}

