import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { parseBuffer } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { FRAMES_PER_SECOND, frameLength, LiveMp3Stream, silentCycle, silentFrame } from './demo-stream.mp3';
import { activeDemoStreams, DEMO_TUNE } from './demo-stream.router';

const TUNE_FILE = path.resolve(import.meta.dirname, '..', '..', '..', DEMO_TUNE);

/** Walks frame headers from offset 0; answers the frames found whole and any bytes left over. */
function walkFrames(data: Buffer): { frames: number; rest: number } {
  let at = 0;
  let frames = 0;
  while (at + 4 <= data.length) {
    const length = frameLength(data, at);
    if (length === null) throw new Error(`no MPEG frame header at byte ${at} of ${data.length}`);
    if (at + length > data.length) break;
    at += length;
    frames += 1;
  }
  return { frames, rest: data.length - at };
}

async function until(check: () => boolean, ms = 2_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('silent MP3 frames', () => {
  it('builds MPEG-1 Layer III 128 kbps 44.1 kHz frames with the exact average size', () => {
    expect(silentFrame(false)).toHaveLength(417);
    expect(silentFrame(true)).toHaveLength(418);
    expect([...silentFrame(true).subarray(0, 4)]).toEqual([0xff, 0xfb, 0x92, 0x04]);
    const cycle = silentCycle();
    expect(cycle.frames).toHaveLength(49);
    // 128 kbps for 49 × 1152 samples at 44.1 kHz is exactly 20 480 bytes.
    expect(cycle.data).toHaveLength(20_480);
    expect(cycle.frames.filter((f) => f.end - f.start === 418)).toHaveLength(47);
    expect(walkFrames(cycle.data)).toEqual({ frames: 49, rest: 0 });
    for (const f of cycle.frames) expect(frameLength(cycle.data, f.start)).toBe(f.end - f.start);
  });

  it('is read as valid MP3 by a real parser', async () => {
    const cycle = silentCycle();
    const audio = Buffer.concat([cycle.data, cycle.data, cycle.data]);
    const { format } = await parseBuffer(audio, { mimeType: 'audio/mpeg' }, { duration: true });
    expect(format.container).toBe('MPEG');
    expect(format.codec).toBe('MPEG 1 Layer 3');
    expect(format.sampleRate).toBe(44_100);
    expect(format.bitrate).toBe(128_000);
    expect(format.numberOfChannels).toBe(2);
    expect(format.duration).toBeCloseTo((3 * 49 * 1152) / 44_100, 1);
  });

  it('writes in real time after a burst, and stops when destroyed', async () => {
    let now = 0;
    const stream = new LiveMp3Stream(silentCycle(), { burstFrames: 10, tickMs: 5, clock: () => now });
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    await until(() => stream.framesSent === 10);
    now = 1_000;
    await until(() => stream.framesSent === 10 + Math.floor(FRAMES_PER_SECOND));
    now = 60_000;
    await until(() => stream.framesSent === 10 + Math.floor(60 * FRAMES_PER_SECOND));
    expect(walkFrames(Buffer.concat(chunks)).rest).toBe(0);
    stream.destroy();
    const sent = stream.framesSent;
    now = 120_000;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(stream.framesSent).toBe(sent);
  });

  it('skips ahead rather than buffer for a listener that stopped reading', async () => {
    let now = 0;
    const stream = new LiveMp3Stream(silentCycle(), { burstFrames: 0, tickMs: 5, clock: () => now, maxBufferedBytes: 8_000 });
    stream.pause();
    now = 10 * 60_000; // ten minutes of audio due at once
    await until(() => stream.framesSent >= Math.floor(600 * FRAMES_PER_SECOND));
    expect(stream.readableLength).toBeLessThan(8_000 + 420);
    stream.destroy();
  });
});

describe('GET /demo/stream', () => {
  let app: TestApp;
  let appDir: string;
  beforeAll(async () => {
    // A built app, so the index.html fallback is there to swallow the path if it could.
    appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'radio-app-'));
    fs.writeFileSync(path.join(appDir, 'index.html'), '<!doctype html><title>app</title>');
    app = await createTestApp('sqlite', { appDir });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(appDir, { recursive: true, force: true });
  });

  /** Reads at least `bytes` of the stream, then hangs up like a listener pressing stop. */
  function listen(bytes: number, headers: Record<string, string> = {}) {
    return new Promise<{ res: http.IncomingMessage; data: Buffer }>((resolve, reject) => {
      const req = http.get(`${app.url}/demo/stream`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= bytes) {
            req.destroy();
            resolve({ res, data: Buffer.concat(chunks) });
          }
        });
        res.on('error', () => undefined); // the abort itself
      });
      req.on('error', (err) => {
        if (!req.destroyed) reject(err);
      });
    });
  }

  it('streams live MP3 frames, uncompressed and uncached, until the listener goes away', async () => {
    const from = app.log.length;
    const stderr = vi.spyOn(process.stderr, 'write');
    try {
      const { res, data } = await listen(14 * 1024, { 'Accept-Encoding': 'gzip, deflate, br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('audio/mpeg');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['icy-name']).toBe('Watzhott (demo)');
      expect(res.headers['transfer-encoding']).toBe('chunked');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-length']).toBeUndefined();
      // Sync words (0xFFF) at every frame boundary, from the first byte on.
      const { frames } = walkFrames(data);
      expect(frames).toBeGreaterThanOrEqual(80);
      expect(data[0]).toBe(0xff);
      expect(data[1]! & 0xe0).toBe(0xe0);
      // The abort stops the writer, and nothing is logged as an error.
      await until(() => activeDemoStreams() === 0);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(stderr.mock.calls.filter(([line]) => String(line).includes('error'))).toEqual([]);
      expect(app.log.slice(from).filter((line) => line.includes('error'))).toEqual([]);
    } finally {
      stderr.mockRestore();
    }
  });

  it('serves several listeners at once, each from a frame boundary', async () => {
    const results = await Promise.all([listen(5_000), listen(5_000, { Host: 'radio.caribbeanpraise.test' }), listen(5_000)]);
    for (const { data } of results) expect(walkFrames(data).frames).toBeGreaterThan(10);
    expect(results[1]!.res.headers['icy-name']).toBe('Caribbean Praise Radio (demo)');
    await until(() => activeDemoStreams() === 0);
  });

  it('answers HEAD with the headers and no stream, and other methods with 405', async () => {
    const head = await app.http().head('/demo/stream');
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('audio/mpeg');
    expect(activeDemoStreams()).toBe(0);
    const post = await app.http().post('/demo/stream').send({});
    expect(post.status).toBe(405);
  });

  it('leaves every other path to the static files: a missing one is a 404, not the app', async () => {
    const page = await app.http().get('/demo/elsewhere');
    expect(page.status).toBe(404);
    expect(page.headers['content-type']).not.toMatch(/text\/html/);
  });

  it('plays the demo tune, audibly, from its first frame', async () => {
    // Three seconds of the tune, all of it in the 64 KB burst on connect.
    const { data } = await listen(3 * 6_000);
    expect(data.subarray(0, 64)).toEqual(fs.readFileSync(TUNE_FILE).subarray(0, 64));
    const decoded = spawnSync(ffmpeg.path, ['-hide_banner', '-nostdin', '-f', 'mp3', '-i', 'pipe:0', '-af', 'volumedetect', '-f', 'null', '-'], { input: data });
    const mean = /mean_volume: (-?[\d.]+) dB/.exec(decoded.stderr.toString());
    expect(mean, decoded.stderr.toString()).not.toBeNull();
    // Silence decodes to -91 dB; the tune's mean is about -18 dB.
    expect(Number(mean![1])).toBeGreaterThan(-30);
    await until(() => activeDemoStreams() === 0);
  });
});
