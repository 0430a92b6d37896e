import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../config';
import type { Deps } from '../../http/context';
import { jobQueue } from '../../jobs/job-queue';
import { createStorage } from '../../media/storage';
import { PNG_1X1, wav } from '../../test/media-fixtures';
import { ADMIN_KEY, describeEachEngine, freshAddress, type TestApp } from '../../test/test-app';
import { DatabaseLocker } from './uploads.locker';
import { uploadsRepository } from './uploads.repository';
import { clearStaleTemp, quotaScopeOf, sweepUploads } from './uploads.service';

const HOUR = 60 * 60 * 1000;

/** A PNG whose header declares width × height; the pixels after it are never reached. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', ihdr), chunk('IDAT', Buffer.alloc(64)), chunk('IEND', Buffer.alloc(0))]);
}

/** A one-second WebM made by ffmpeg: with a video track, or sound only. */
function webmFile(withVideo: boolean): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'radio-webm-'));
  const out = path.join(dir, 'a.webm');
  const video = withVideo ? ['-f', 'lavfi', '-i', 'testsrc=size=64x64:rate=5'] : [];
  const codecs = withVideo ? ['-c:v', 'libvpx', '-c:a', 'libopus'] : ['-c:a', 'libopus'];
  const r = spawnSync(ffmpeg.path, ['-hide_banner', '-loglevel', 'error', ...video, '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '1', ...codecs, '-b:a', '160k', out]);
  if (r.status !== 0) throw new Error(`ffmpeg failed: ${r.stderr}`);
  const data = fs.readFileSync(out);
  fs.rmSync(dir, { recursive: true, force: true });
  return data;
}

const depsOf = (app: TestApp): Deps => ({
  db: app.db,
  config: app.config,
  now: () => app.clock.now,
  storage: createStorage({ uploadDir: app.config.uploadDir }),
  jobs: jobQueue(app.db),
});

describeEachEngine(
  'upload rules: pixels, video, quotas, lifecycle, locks',
  (t) => {
    const post = (data: Buffer, filename: string, ip = freshAddress()) =>
      t().http().post('/api/uploads').set('X-Forwarded-For', ip).attach('file', data, { filename });

    it('refuses an image over 40 megapixels from its header, before decoding (400)', async () => {
      const res = await post(pngHeaderOnly(8000, 6000), 'huge.png');
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Images must be under 40 megapixels');
      // Just under the limit the header passes (and these bogus pixels then fail to decode).
      expect((await post(pngHeaderOnly(6000, 6000), 'big.png')).body.error).toBe('The image could not be read');
    });

    it('refuses audio with a video track (415) and takes the same container with sound only', async () => {
      const video = await post(webmFile(true), 'clip.webm');
      expect(video.status).toBe(415);
      expect(video.body.error).toBe('Audio with a video track cannot be uploaded');
      // Sound only, the same container: a shoutout recording (no bitrate floor) is taken.
      const sound = await t()
        .http()
        .post('/api/shoutouts')
        .set('X-Forwarded-For', freshAddress())
        .attach('audio', webmFile(false), { filename: 'voice.webm' });
      expect(sound.status).toBe(201);
    });

    it('counts bytes per address (IPv6 by its /64) per UTC day: over the quota 429 with Retry-After until midnight', async () => {
      expect(quotaScopeOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
      expect(quotaScopeOf('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
      expect(quotaScopeOf('::ffff:10.1.2.3')).toBe('10.1.2.3');
      const song = wav(44100, 2, 16, 0.3); // ≈ 53 KB
      const first = await post(song, 'a.wav', '2001:db8:7:7:1::1');
      expect(first.status).toBe(201);
      // The same /64 from another address: over the 80 KB quota together.
      const second = await post(song, 'b.wav', '2001:db8:7:7:2::2');
      expect(second.status).toBe(429);
      expect(second.body.error).toMatch(/most allowed today/);
      const retryAfter = Number(second.headers['retry-after']);
      const untilMidnight = (Math.floor(t().clock.now / 86_400_000) + 1) * 86_400_000 - t().clock.now;
      expect(retryAfter).toBe(Math.ceil(untilMidnight / 1000));
      // Another network is not held back, and a refused upload counted nothing.
      expect((await post(song, 'c.wav', '2001:db8:9:9::1')).status).toBe(201);
      expect((await post(PNG_1X1, 'd.png', '2001:db8:7:7:3::3')).status).toBe(201);
    });

    it('deletes uploads no row references 24 h after they arrived; keeps referenced ones; clears stray files and crash leftovers', async () => {
      const app = t();
      const deps = depsOf(app);
      await sweepUploads(deps);
      const keep = (await post(PNG_1X1, 'keep.png')).body.url as string;
      const drop = (await post(PNG_1X1, 'drop.png')).body.url as string;
      const artist = await app
        .http()
        .post('/api/artists')
        .set('x-admin-key', ADMIN_KEY)
        .send({ name: 'Kept Photo', bio: 'A bio long enough.', countryCode: 'JM', photoUrl: keep, socials: {} });
      expect(artist.status).toBe(201);
      // A file on disk the table never heard of (left by a crash between store and record).
      const stray = path.join(app.config.uploadDir, '11111111-2222-4333-8444-555555555555.png');
      fs.writeFileSync(stray, PNG_1X1);
      fs.utimesSync(stray, new Date(app.clock.now - 30 * HOUR), new Date(app.clock.now - 30 * HOUR));

      app.clock.advance(23 * HOUR);
      expect(await sweepUploads(deps)).toBe(1); // only the stray is old enough
      expect((await fetch(app.url + drop)).status).toBe(200);

      app.clock.advance(2 * HOUR);
      // drop.png, and the unreferenced uploads of the tests before this one.
      expect(await sweepUploads(deps)).toBeGreaterThanOrEqual(1);
      expect((await fetch(app.url + drop)).status).toBe(404);
      expect((await fetch(app.url + keep)).status).toBe(200);
      expect(fs.existsSync(stray)).toBe(false);
      expect(await uploadsRepository(app.db).find(drop.slice(9))).toBeUndefined();

      const tmp = path.join(app.config.uploadDir, '.tmp');
      fs.mkdirSync(tmp, { recursive: true });
      fs.writeFileSync(path.join(tmp, 'old'), 'x');
      fs.utimesSync(path.join(tmp, 'old'), new Date(Date.now() - HOUR), new Date(Date.now() - HOUR));
      fs.writeFileSync(path.join(tmp, 'live'), 'x');
      expect(await clearStaleTemp(app.config.uploadDir)).toBe(1);
      expect(fs.readdirSync(tmp)).toEqual(['live']);
      fs.rmSync(path.join(tmp, 'live'));
    });

    it('the database lock lets one holder write an upload; a second asks it to let go and gets it after', async () => {
      const locker = new DatabaseLocker(uploadsRepository(t().db));
      const first = locker.newLock('u1');
      const released: string[] = [];
      await first.lock(new AbortController().signal, () => {
        released.push('asked');
        void first.unlock();
      });
      const second = locker.newLock('u1');
      await second.lock(new AbortController().signal, () => {});
      expect(released).toEqual(['asked']);
      await second.unlock();
      // Free again at once.
      const third = locker.newLock('u1');
      await third.lock(new AbortController().signal, () => {});
      await third.unlock();
    });
  },
  { limits: { ...DEFAULT_LIMITS, uploadQuotaAddressBytes: 80_000, publicWritesPerMinute: 1000 } },
);
