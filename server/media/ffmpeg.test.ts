import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { parseFile } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegArgs as relayArgs } from '../features/live/live.relay';
import { joinArgs, joinParts } from '../features/episodes/recording-join';
import { ffmpegBinary, isNewerFfmpeg, parseFfmpegVersion, readFfmpegVersion, runFfmpeg } from './ffmpeg';
import { probeArgs } from './media-files';
import { EPISODE_PROFILE, renditionArgs, TRACK_PROFILE } from './renditions';
import { sniffStreamAudio } from './stream-audio';

// docs/recorder.md "ffmpeg" (issue 41): which ffmpeg the server runs, and that every input it
// is given may open nothing but itself.

let dir: string;
let secret: string;
let playlist: string;
const tone = (file: string, args: string[], seconds = 3) =>
  execFileSync(ffmpegBinary().path, ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `sine=f=440:d=${seconds}`, ...args, file]);

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ffmpeg-guard-'));
  secret = path.join(dir, 'private-upload.mp3');
  tone(secret, ['-c:a', 'libmp3lame', '-b:a', '64k', '-f', 'mp3'], 6);
  playlist = path.join(dir, 'playlist.mp3');
  fs.writeFileSync(playlist, `#EXTM3U\n#EXT-X-TARGETDURATION:6\n${`#EXTINF:6,\nfile://${secret}\n`.repeat(9)}#EXT-X-ENDLIST\n`);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the ffmpeg the server runs', () => {
  it('reads both kinds of version line, and a numbered release or a later year is newer', () => {
    const debian = parseFfmpegVersion('ffmpeg version 5.1.9-0+deb12u1 Copyright (c) 2000-2026 the FFmpeg developers')!;
    const bundled = parseFfmpegVersion('ffmpeg version N-47683-g0e8eb07980-static https://johnvansickle.com/ffmpeg/  Copyright (c) 2000-2018 the FFmpeg developers')!;
    expect(debian).toEqual({ version: '5.1.9-0+deb12u1', release: [5, 1, 9], year: 2026 });
    expect(bundled).toEqual({ version: 'N-47683-g0e8eb07980-static', release: null, year: 2018 });
    expect(isNewerFfmpeg(debian, bundled)).toBe(true);
    expect(isNewerFfmpeg(bundled, debian)).toBe(false);
    const old = parseFfmpegVersion('ffmpeg version 4.4.2 Copyright (c) 2000-2026 the FFmpeg developers')!;
    expect(isNewerFfmpeg(old, debian)).toBe(false);
    expect(parseFfmpegVersion('not ffmpeg')).toBeNull();
  });

  it("is the machine's when it has a newer one on PATH, else the bundled one", () => {
    const bin = ffmpegBinary();
    const bundled = readFfmpegVersion(ffmpegInstaller.path)!;
    const onPath = (process.env.PATH ?? '').split(path.delimiter).map((d) => path.join(d, 'ffmpeg')).find((f) => fs.existsSync(f));
    const machine = onPath ? readFfmpegVersion(onPath) : null;
    if (machine && isNewerFfmpeg(machine, bundled)) expect(bin).toMatchObject({ source: 'machine', path: onPath, version: machine.version });
    else expect(bin).toMatchObject({ source: 'bundled', path: ffmpegInstaller.path });
  });
});

describe('every ffmpeg the server runs reads only audio, from its own input', () => {
  const guarded = (args: string[], protocols: string) => {
    const input = args.indexOf('-i');
    expect(input).toBeGreaterThan(0);
    const before = args.slice(0, input);
    const protocolList = before[before.indexOf('-protocol_whitelist') + 1];
    const formatList = before[before.indexOf('-format_whitelist') + 1];
    expect(before).toContain('-protocol_whitelist');
    expect(before).toContain('-format_whitelist');
    expect(protocolList).toBe(protocols);
    for (const demuxer of ['hls', 'applehttp', 'concat', 'ffconcat', 'image2', 'tee', 'data']) expect(formatList!.split(',')).not.toContain(demuxer);
  };

  it('the relay, the recorder, the renditions and the upload probe', () => {
    guarded(relayArgs('/tmp/live'), 'pipe');
    guarded(joinArgs('mp3', '/tmp/out.mp3'), 'pipe');
    guarded(renditionArgs('/tmp/source.mp3', TRACK_PROFILE, '/tmp/low.m4a'), 'file');
    guarded(renditionArgs('/tmp/source.mp3', EPISODE_PROFILE, '/tmp/low.m4a'), 'file');
    guarded(probeArgs('/tmp/upload.m4a'), 'file');
    // The recorder's join also forces the demuxer: nothing is guessed from the parts' bytes.
    const join = joinArgs('aac', '/tmp/out.m4a');
    expect(join.slice(join.indexOf('-f'), join.indexOf('-i'))).toEqual(['-f', 'aac']);
  });

  it('a rendition of a stored file that is an HLS playlist naming a private file fails, reading nothing of it', async () => {
    const out = path.join(dir, 'low.m4a');
    await expect(runFfmpeg(renditionArgs(playlist, TRACK_PROFILE, out), { timeoutMs: 30_000 })).rejects.toThrow(/whitelist|Invalid/);
    expect(fs.existsSync(out)).toBe(false);
  });

  it('the join given such a playlist as a part keeps none of the private file', async () => {
    const out = path.join(dir, 'joined.mp3');
    const show = path.join(dir, 'show.mp3');
    tone(show, ['-c:a', 'libmp3lame', '-b:a', '64k', '-f', 'mp3'], 3);
    await joinParts([show, playlist], 'mp3', out);
    const { format } = await parseFile(out, { duration: true });
    expect(format.duration).toBeGreaterThan(2.5);
    expect(format.duration).toBeLessThan(3.5);
  });

  it('the join of two parts plays as one: MP3, AAC and Ogg', async () => {
    for (const [format, args] of [
      ['mp3', ['-c:a', 'libmp3lame', '-b:a', '64k', '-f', 'mp3']],
      ['aac', ['-c:a', 'aac', '-b:a', '64k', '-f', 'adts']],
      ['ogg', ['-c:a', 'libvorbis', '-f', 'ogg']],
    ] as const) {
      const a = path.join(dir, `a.${format}`);
      const b = path.join(dir, `b.${format}`);
      tone(a, [...args]);
      tone(b, [...args]);
      const out = path.join(dir, `ab-${format}`);
      await joinParts([a, b], format, out);
      const { format: read } = await parseFile(out, { duration: true });
      expect(read.duration, format).toBeGreaterThan(5.5);
      expect(read.duration, format).toBeLessThan(6.5);
    }
  }, 60_000);
});

describe("a stream's bytes", () => {
  const bytes = (args: string[]) => execFileSync(ffmpegBinary().path, ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=f=440:d=1', ...args, 'pipe:1']);

  it('MP3, ADTS AAC and Ogg are audio, also from the middle of a frame', () => {
    const mp3 = bytes(['-c:a', 'libmp3lame', '-b:a', '64k', '-f', 'mp3']);
    const aac = bytes(['-c:a', 'aac', '-b:a', '64k', '-f', 'adts']);
    expect(sniffStreamAudio(mp3)).toBe('mp3');
    expect(sniffStreamAudio(mp3.subarray(777))).toBe('mp3');
    expect(sniffStreamAudio(aac)).toBe('aac');
    expect(sniffStreamAudio(aac.subarray(101))).toBe('aac');
    expect(sniffStreamAudio(bytes(['-c:a', 'libopus', '-f', 'ogg']))).toBe('ogg');
    expect(sniffStreamAudio(bytes(['-c:a', 'libvorbis', '-f', 'ogg']))).toBe('ogg');
  }, 60_000);

  it('a playlist, a page, a WAV, a video container or noise are not', () => {
    expect(sniffStreamAudio(fs.readFileSync(playlist))).toBeNull();
    expect(sniffStreamAudio(Buffer.from('<!doctype html><title>Radio</title>'))).toBeNull();
    expect(sniffStreamAudio(Buffer.from("ffconcat version 1.0\nfile '/etc/passwd'\n"))).toBeNull();
    expect(sniffStreamAudio(bytes(['-f', 'wav']))).toBeNull();
    expect(sniffStreamAudio(bytes(['-c:a', 'aac', '-f', 'mp4', '-movflags', 'frag_keyframe+empty_moov']))).toBeNull();
    expect(sniffStreamAudio(Buffer.from([0xff, 0xfb, 0x90, 0x64, 1, 2, 3]))).toBeNull();
    expect(sniffStreamAudio(Buffer.alloc(0))).toBeNull();
  }, 60_000);
});
