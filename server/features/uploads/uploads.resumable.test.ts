import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { Upload } from 'tus-js-client';
import { expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../config';
import { cutPatch, offsetOnceStored, ownedUpload } from '../../test/cut-patch';
import { PNG_1X1, TEXT, wav, wavOfSize } from '../../test/media-fixtures';
import { describeEachEngine, freshAddress, type TestApp } from '../../test/test-app';

const ENDPOINT = '/api/uploads/resumable';
const UPLOAD_URL = /^\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]+$/;

const meta = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

function resumableFiles(app: TestApp): string[] {
  const dir = path.join(app.config.uploadDir, '.resumable');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

describeEachEngine(
  'resumable uploads (tus 1.0)',
  (t) => {
    const tus = { 'Tus-Resumable': '1.0.0' };
    /** Each upload's token, as its creation answered it (docs/uploads.md "Ownership"). */
    const tokens = new Map<string, string>();
    // From a fresh address each time: the per-address limit of these calls has its own test.
    const owner = (location: string) => ({ ...tus, 'Upload-Token': tokens.get(location) ?? '', 'X-Forwarded-For': freshAddress() });
    async function create(length: number, metadata: Record<string, string>, ip = freshAddress()) {
      const res = await fetch(t().url + ENDPOINT, {
        method: 'POST',
        headers: { ...tus, 'Upload-Length': String(length), 'Upload-Metadata': meta(metadata), 'X-Forwarded-For': ip },
      });
      const location = res.headers.get('location');
      if (location) tokens.set(location, res.headers.get('upload-token') ?? '');
      return res;
    }
    async function patch(location: string, offset: number, body: Buffer, headers: Record<string, string> = owner(location)) {
      return fetch(t().url + location, {
        method: 'PATCH',
        headers: { ...headers, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
        body,
      });
    }

    it('creates, takes the bytes in two PATCHes (resuming at the HEAD offset) and answers Upload-Url on the last', async () => {
      const data = wav(44100, 2, 16, 0.2);
      const created = await create(data.length, { filename: 'song.wav', filetype: 'audio/wav', purpose: 'track' });
      expect(created.status).toBe(201);
      const location = created.headers.get('location')!;
      expect(location).toMatch(/^\/api\/uploads\/resumable\/[0-9a-f]{32}$/);

      const half = Math.floor(data.length / 2);
      const first = await patch(location, 0, data.subarray(0, half));
      expect(first.status).toBe(204);
      expect(first.headers.get('upload-offset')).toBe(String(half));
      expect(first.headers.get('upload-url')).toBeNull();

      const head = await fetch(t().url + location, { method: 'HEAD', headers: owner(location) });
      expect(head.status).toBe(200);
      expect(head.headers.get('upload-offset')).toBe(String(half));
      expect(head.headers.get('upload-length')).toBe(String(data.length));

      const last = await patch(location, half, data.subarray(half));
      expect(last.status).toBe(204);
      const url = last.headers.get('upload-url')!;
      expect(url).toMatch(UPLOAD_URL);
      const served = await fetch(t().url + url);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(data)).toBe(true);
      // The partial copy is gone; a client that missed the answer asks again and gets the URL.
      const again = await fetch(t().url + location, { method: 'HEAD', headers: owner(location) });
      expect(again.status).toBe(200);
      expect(again.headers.get('upload-url')).toBe(url);
      expect(again.headers.get('upload-offset')).toBe(String(data.length));
      expect(resumableFiles(t())).toEqual([]);
    });

    it('refuses on the last byte exactly as POST /api/uploads would (JSON error, status) and deletes the bytes', async () => {
      const cases: [Buffer, Record<string, string>, number, string | RegExp][] = [
        [wav(8000, 1, 8), { filename: 'low.wav', purpose: 'track' }, 400, 'Audio must be at least 128kbps (this file is 64kbps)'],
        [TEXT, { filename: 'notes.txt' }, 415, /^Only audio/],
        [PNG_1X1, { filename: 'me.png', purpose: 'shoutout' }, 415, 'Shoutouts must be an audio recording'],
        [wav(44100, 2, 16), { filename: 'song.wav', purpose: 'image' }, 415, /^Only images/],
      ];
      for (const [data, metadata, status, message] of cases) {
        const created = await create(data.length, metadata);
        expect(created.status).toBe(201);
        const res = await patch(created.headers.get('location')!, 0, data);
        expect(res.status).toBe(status);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        const body = (await res.json()) as { error: string };
        expect(body.error).toMatch(message);
        expect(res.headers.get('upload-url')).toBeNull();
      }
      expect(resumableFiles(t())).toEqual([]);
    });

    it('a shoutout recording has no bitrate floor, and the shoutout route takes its URL as JSON', async () => {
      const data = wav(8000, 1, 8, 0.5);
      const created = await create(data.length, { filename: 'voice.wav', purpose: 'shoutout' });
      const res = await patch(created.headers.get('location')!, 0, data);
      expect(res.status).toBe(204);
      const audioUrl = res.headers.get('upload-url')!;
      const shoutout = await t().http().post('/api/shoutouts').set('X-Forwarded-For', freshAddress()).send({ audioUrl, nameOptional: 'Keisha' });
      expect(shoutout.status).toBe(201);
      expect(shoutout.body).toMatchObject({ audioUrl, nameOptional: 'Keisha', approved: false });

      // A track's URL is no shoutout.
      const song = wav(44100, 2, 16);
      const t2 = await create(song.length, { filename: 'song.wav', purpose: 'track' });
      const trackUrl = (await patch(t2.headers.get('location')!, 0, song)).headers.get('upload-url')!;
      const refused = await t().http().post('/api/shoutouts').set('X-Forwarded-For', freshAddress()).send({ audioUrl: trackUrl });
      expect(refused.status).toBe(400);
    });

    it('answers 413 at creation over the purpose limit, 400 for an unknown purpose, JSON either way', async () => {
      const big = await create(AUDIO_LIMIT + 1, { filename: 'song.wav', purpose: 'track' });
      expect(big.status).toBe(413);
      expect(((await big.json()) as { error: string }).error).toBe('Audio must be 0 MB or smaller'.replace('0', String(Math.round(AUDIO_LIMIT / 1048576))));
      const image = await create(IMAGE_LIMIT + 1, { filename: 'me.png', purpose: 'image' });
      expect(image.status).toBe(413);
      const odd = await create(10, { filename: 'x', purpose: 'video' });
      expect(odd.status).toBe(400);
      expect(((await odd.json()) as { error: string }).error).toBe('purpose must be track, shoutout, image or episode');
    });

    it('keeps the bytes of a PATCH whose connection is cut, so the upload resumes from there', async () => {
      const data = wavOfSize(40_004);
      const created = await create(data.length, { filename: 'song.wav', purpose: 'track' });
      const location = created.headers.get('location')!;
      // Declares the whole file, sends 25 000 bytes, then the connection dies.
      await cutPatch(t().url, location, data, 25_000, tokens.get(location)!);
      const offset = await offsetOnceStored(t().url, location, 25_000, 50, tokens.get(location)!);
      expect(offset).toBe(25_000);
      const rest = await patch(location, offset, data.subarray(offset));
      expect(rest.status).toBe(204);
      const url = rest.headers.get('upload-url')!;
      const served = Buffer.from(await (await fetch(t().url + url)).arrayBuffer());
      expect(served.equals(data)).toBe(true);
    });

    it('terminates (DELETE) an unfinished upload and deletes its bytes', async () => {
      const created = await create(1000, { filename: 'song.wav', purpose: 'track' });
      const location = created.headers.get('location')!;
      await patch(location, 0, Buffer.alloc(100));
      expect(resumableFiles(t()).length).toBeGreaterThan(0);
      const del = await fetch(t().url + location, { method: 'DELETE', headers: owner(location) });
      expect(del.status).toBe(204);
      expect(resumableFiles(t())).toEqual([]);
      expect((await fetch(t().url + location, { method: 'HEAD', headers: owner(location) })).status).toBe(404);
    });

    it('ties an upload to its creator: HEAD, PATCH and DELETE without its token, or with another, answer 404 and change nothing', async () => {
      const data = wav(44100, 2, 16, 0.2);
      const created = await create(data.length, { filename: 'song.wav', purpose: 'track' });
      expect(created.status).toBe(201);
      const location = created.headers.get('location')!;
      const token = created.headers.get('upload-token')!;
      expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const half = Math.floor(data.length / 2);
      expect((await patch(location, 0, data.subarray(0, half))).status).toBe(204);

      // Another upload's token is no key to this one.
      const other = await create(10, { filename: 'x.wav', purpose: 'track' });
      const otherToken = other.headers.get('upload-token')!;
      expect(otherToken).not.toBe(token);
      for (const headers of [tus, { ...tus, 'Upload-Token': otherToken }, { ...tus, 'Upload-Token': token.slice(0, -1) }]) {
        const head = await fetch(t().url + location, { method: 'HEAD', headers: { ...headers, 'X-Forwarded-For': freshAddress() } });
        expect(head.status).toBe(404);
        expect(head.headers.get('upload-offset')).toBeNull();
        const cont = await patch(location, half, data.subarray(half), { ...headers, 'X-Forwarded-For': freshAddress() });
        expect(cont.status).toBe(404);
        expect(((await cont.json()) as { error: string }).error).toBe('Upload not found');
        const del = await fetch(t().url + location, { method: 'DELETE', headers: { ...headers, 'X-Forwarded-For': freshAddress() } });
        expect(del.status).toBe(404);
      }
      // The owner's upload is as it was, and finishes.
      const head = await fetch(t().url + location, { method: 'HEAD', headers: owner(location) });
      expect(head.headers.get('upload-offset')).toBe(String(half));
      const last = await patch(location, half, data.subarray(half));
      expect(last.status).toBe(204);
      // A finished upload's answer, asked again, needs the token too.
      expect((await fetch(t().url + location, { method: 'HEAD', headers: tus })).status).toBe(404);
      expect((await fetch(t().url + location, { method: 'HEAD', headers: owner(location) })).headers.get('upload-url')).toBe(last.headers.get('upload-url'));
      // Only a creation that succeeded hands out a token.
      const refused = await create(AUDIO_LIMIT + 1, { filename: 'big.wav', purpose: 'track' });
      expect(refused.status).toBe(413);
      expect(refused.headers.get('upload-token')).toBeNull();
    });

    it('limits HEAD, PATCH and DELETE per address (429 with Retry-After)', async () => {
      const created = await create(10, { filename: 'x.wav', purpose: 'track' });
      const location = created.headers.get('location')!;
      const ip = freshAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await fetch(t().url + location, { method: 'HEAD', headers: { ...owner(location), 'X-Forwarded-For': ip } })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
      const limited = await fetch(t().url + location, { method: 'DELETE', headers: { ...owner(location), 'X-Forwarded-For': ip } });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another address is not held back.
      expect((await fetch(t().url + location, { method: 'HEAD', headers: { ...owner(location), 'X-Forwarded-For': freshAddress() } })).status).toBe(200);
    });

    it('tus-js-client (the app\'s client) uploads an image, which is re-encoded without its camera metadata', async () => {
      const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
        .jpeg()
        .withExif({ IFD0: { Make: 'PhoneCo', Model: 'Camera 1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '18/1 0/1 0/1' } })
        .toBuffer();
      expect((await sharp(jpeg).metadata()).exif).toBeDefined();
      const url = await new Promise<string>((resolve, reject) => {
        const upload = new Upload(jpeg, {
          endpoint: t().url + ENDPOINT,
          metadata: { filename: 'me.jpg', filetype: 'image/jpeg', purpose: 'image' },
          chunkSize: 1000,
          ...ownedUpload(),
          onSuccess: (p) => resolve(p.lastResponse.getHeader('Upload-Url') ?? ''),
          onError: reject,
        });
        upload.start();
      });
      expect(url).toMatch(UPLOAD_URL);
      const served = Buffer.from(await (await fetch(t().url + url)).arrayBuffer());
      const m = await sharp(served).metadata();
      expect([m.format, m.width, m.height]).toEqual(['jpeg', 40, 30]);
      expect(m.exif).toBeUndefined();
      expect(served.includes(Buffer.from('PhoneCo'))).toBe(false);
    });
  },
  { limits: { ...DEFAULT_LIMITS, audioUploadBytes: 2 * 1024 * 1024, imageUploadBytes: 1024 * 1024, resumableCallsPerMinute: 4 } },
);

const AUDIO_LIMIT = 2 * 1024 * 1024;
const IMAGE_LIMIT = 1024 * 1024;
