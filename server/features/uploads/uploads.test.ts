import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../config';
import { HTML, PNG_1X1, SVG, TEXT, XML_SVG, mp3, pngOfSize, wav, wavOfSize } from '../../test/media-fixtures';
import { ADMIN_KEY, describeEachEngine, freshAddress, type TestApp, postRaw } from '../../test/test-app';

// Small limits so the size rules are tested without 20 MB bodies (the defaults get their own suite).
const AUDIO_LIMIT = 64_000;
const IMAGE_LIMIT = 2_000;

const UPLOAD_URL = /^\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.([a-z0-9]+)$/;

/** A stored upload's answer: 201 with only its URL, a fresh name under /uploads/ ending in `extension`. */
function expectStoredAs(res: { status: number; body: { url?: unknown } }, extension: string): void {
  expect(res.status).toBe(201);
  expect(Object.keys(res.body)).toEqual(['url']);
  expect(res.body.url).toMatch(UPLOAD_URL);
  expect(String(res.body.url).endsWith(extension)).toBe(true);
}

/** Files kept in the upload folder (not the temporary area). */
function storedFiles(app: TestApp): string[] {
  if (!fs.existsSync(app.config.uploadDir)) return [];
  return fs.readdirSync(app.config.uploadDir).filter((name) => !name.startsWith('.'));
}

function tempFiles(app: TestApp): string[] {
  const dir = path.join(app.config.uploadDir, '.tmp');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

async function download(app: TestApp, url: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const res = await fetch(app.url + url);
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

/** A stored image upload: served back as `type`; answers what sharp reads of the served bytes. */
async function servedImage(app: TestApp, res: { status: number; body: { url?: unknown } }, extension: string, type: string): Promise<Metadata> {
  expectStoredAs(res, extension);
  const file = await download(app, String(res.body.url));
  expect(file.status).toBe(200);
  expect(file.type).toBe(type);
  return sharp(file.bytes).metadata();
}

describeEachEngine(
  'uploads',
  (t) => {
    const upload = (data: Buffer, filename: string, contentType: string, ip = freshAddress()) =>
      t().http().post('/api/uploads').set('X-Forwarded-For', ip).attach('file', data, { filename, contentType });

    /** Sends the file and expects nothing to be stored and no temporary file left behind. */
    async function refused(data: Buffer, filename: string, contentType: string, status: number) {
      const before = storedFiles(t()).length;
      const res = await upload(data, filename, contentType);
      expect(res.status).toBe(status);
      expect(typeof res.body.error).toBe('string');
      expect(res.body).not.toHaveProperty('url');
      expect(storedFiles(t())).toHaveLength(before);
      expect(tempFiles(t())).toEqual([]);
      return res;
    }

    // ------------------------------------------------------------ accepted files

    it('accepts 44.1 kHz stereo 16-bit WAV (1411 kbps), answers 201 {url}, and serves the same bytes there', async () => {
      const data = wav(44100, 2, 16);
      const res = await upload(data, 'song.wav', 'audio/wav');
      expectStoredAs(res, '.wav');

      const file = await download(t(), res.body.url);
      expect(file.status).toBe(200);
      expect(file.type).toMatch(/^audio\//);
      expect(file.bytes.equals(data)).toBe(true);
      expect(tempFiles(t())).toEqual([]);
    });

    it('accepts audio at exactly 128 kbps (8 kHz mono 16-bit WAV)', async () => {
      const res = await upload(wav(8000, 1, 16), 'voice.wav', 'audio/wav');
      expect(res.status).toBe(201);
      expect(res.body.url).toMatch(UPLOAD_URL);
    });

    it('accepts a 128 kbps CBR MP3 and refuses a 96 kbps one', async () => {
      const good = mp3(128);
      const ok = await upload(good, 'track.mp3', 'audio/mpeg');
      expectStoredAs(ok, '.mp3');
      expect((await download(t(), ok.body.url)).bytes.equals(good)).toBe(true);

      const low = await refused(mp3(96), 'track.mp3', 'audio/mpeg', 400);
      expect(low.body.issues).toEqual([{ path: 'file', message: expect.stringMatching(/128\s?kbps/) }]);
      expect((await upload(mp3(320), 'hq.mp3', 'audio/mpeg')).status).toBe(201);
      await refused(mp3(112), 'track.mp3', 'audio/mpeg', 400);
    });

    it('refuses audio under 128 kbps: 8 kHz mono 8-bit WAV (64 kbps)', async () => {
      const res = await refused(wav(8000, 1, 8), 'low.wav', 'audio/wav', 400);
      expect(res.body.issues).toEqual([{ path: 'file', message: expect.stringMatching(/128\s?kbps/) }]);
    });

    it('refuses audio just under 128 kbps (127.984 kbps is not rounded up)', async () => {
      // 7999 Hz × 16 bits × 1 channel = 127 984 bit/s.
      await refused(wav(7999, 1, 16), 'almost.wav', 'audio/wav', 400);
    });

    it('accepts a PNG image and serves it back as image/png', async () => {
      const res = await upload(PNG_1X1, 'photo.png', 'image/png');
      // Re-encoded (no metadata kept), the same picture.
      const meta = await servedImage(t(), res, '.png', 'image/png');
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 1, 1]);
    });

    it('decides the type from the bytes, not the file name or the part Content-Type', async () => {
      const png = await upload(PNG_1X1, 'song.mp3', 'audio/mpeg');
      expect(png.status).toBe(201);
      expect(png.body.url.endsWith('.png')).toBe(true);

      const audio = await upload(wav(44100, 2, 16), 'photo.png', 'image/png');
      expect(audio.status).toBe(201);
      expect(audio.body.url.endsWith('.wav')).toBe(true);

      // Low-bitrate audio dressed up as an image is still audio, still too low.
      await refused(wav(8000, 1, 8), 'photo.png', 'image/png', 400);
      await refused(HTML, 'song.mp3', 'audio/mpeg', 415);
      await refused(HTML, 'photo.png', 'image/png', 415);
    });

    // ------------------------------------------------------------ refused types

    it.each([
      ['a text file', TEXT, 'notes.txt', 'text/plain'],
      ['an SVG', SVG, 'logo.svg', 'image/svg+xml'],
      ['an SVG with an XML declaration', XML_SVG, 'logo.svg', 'image/svg+xml'],
      ['an HTML page renamed .mp3', HTML, 'song.mp3', 'audio/mpeg'],
      ['a PDF', Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'), 'cover.jpg', 'image/jpeg'],
      ['a ZIP', Buffer.from('504b0304140000000800000000000000000000000000000000000000', 'hex'), 'song.wav', 'audio/wav'],
    ])('answers 415 for %s', async (_label, data, filename, contentType) => {
      await refused(data, filename, contentType, 415);
    });

    it('answers 415 for a JSON body or another non-multipart content type', async () => {
      const json = await t().http().post('/api/uploads').set('X-Forwarded-For', freshAddress()).send({ file: 'data:audio/wav;base64,AAAA' });
      expect(json.status).toBe(415);
      expect(typeof json.body.error).toBe('string');
      const raw = await postRaw(t(), '/api/uploads', 'audio/wav', wav(44100, 2, 16));
      expect(raw.status).toBe(415);
      expect(tempFiles(t())).toEqual([]);
    });

    it('answers 400 when no file is sent, the file is empty, or it comes under another field name', async () => {
      const before = storedFiles(t()).length;
      const noFile = await t().http().post('/api/uploads').set('X-Forwarded-For', freshAddress()).field('title', 'no file here');
      expect(noFile.status).toBe(400);
      expect(noFile.body.issues).toEqual([{ path: 'file', message: expect.any(String) }]);

      const empty = await upload(Buffer.alloc(0), 'empty.wav', 'audio/wav');
      expect(empty.status).toBe(400);

      const otherField = await t()
        .http()
        .post('/api/uploads')
        .set('X-Forwarded-For', freshAddress())
        .attach('audio', wav(44100, 2, 16), { filename: 'song.wav', contentType: 'audio/wav' });
      expect(otherField.status).toBe(400);
      expect(storedFiles(t())).toHaveLength(before);
      expect(tempFiles(t())).toEqual([]);
    });

    it('answers 400 (and does not hang) for a malformed multipart body', async () => {
      const truncated = await postRaw(t(), '/api/uploads', 'multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\nContent-Type: audio/wav\r\n\r\nRIFF');
      expect(truncated.status).toBe(400);
      expect(typeof truncated.body.error).toBe('string');

      const noBoundary = await postRaw(t(), '/api/uploads', 'multipart/form-data', 'whatever');
      expect(noBoundary.status).toBe(400);
      expect(tempFiles(t())).toEqual([]);
    });

    // ------------------------------------------------------------ sizes

    it('accepts audio at the audio limit and answers 413 one sample over it', async () => {
      const atLimit = await upload(wavOfSize(AUDIO_LIMIT), 'big.wav', 'audio/wav');
      expect(atLimit.status).toBe(201);
      const res = await refused(wavOfSize(AUDIO_LIMIT + 4), 'bigger.wav', 'audio/wav', 413);
      expect(res.body.error).not.toMatch(/stack|at \//);
    });

    it('accepts an image at the image limit and answers 413 above it, though audio may be larger', async () => {
      const atLimit = await upload(pngOfSize(IMAGE_LIMIT), 'photo.png', 'image/png');
      expect(atLimit.status).toBe(201);
      await refused(pngOfSize(IMAGE_LIMIT + 1), 'photo.png', 'image/png', 413);
      await refused(pngOfSize(AUDIO_LIMIT + 1000), 'huge.png', 'image/png', 413);
      // The same number of bytes is fine as audio.
      expect((await upload(wavOfSize(IMAGE_LIMIT + 4), 'short.wav', 'audio/wav')).status).toBe(201);
    });

    // ------------------------------------------------------------ idempotency and rate limit

    it('replays an idempotent upload (same status and body, one stored file) and answers 409 to another file', async () => {
      const ip = freshAddress();
      const key = `outbox-${randomUUID()}`;
      const send = (data: Buffer) =>
        t()
          .http()
          .post('/api/uploads')
          .set('X-Forwarded-For', ip)
          .set('Idempotency-Key', key)
          .attach('file', data, { filename: 'song.wav', contentType: 'audio/wav' });
      const data = wav(44100, 2, 16);
      const before = storedFiles(t()).length;
      const first = await send(data);
      const again = await send(data);
      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(storedFiles(t())).toHaveLength(before + 1);

      const other = await send(wav(48000, 2, 16));
      expect(other.status).toBe(409);
      expect(storedFiles(t())).toHaveLength(before + 1);
      expect(tempFiles(t())).toEqual([]);
    });

    it('allows 20 uploads a minute per address, then 429 with Retry-After', async () => {
      const ip = freshAddress();
      for (let i = 0; i < 20; i++) expect((await upload(PNG_1X1, `p${i}.png`, 'image/png', ip)).status).toBe(201);
      const before = storedFiles(t()).length;
      const limited = await upload(PNG_1X1, 'p21.png', 'image/png', ip);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(storedFiles(t())).toHaveLength(before);
      expect((await upload(PNG_1X1, 'other.png', 'image/png')).status).toBe(201);
      t().clock.advance(61_000);
      expect((await upload(PNG_1X1, 'later.png', 'image/png', ip)).status).toBe(201);
    });

    it('answers 401 to a wrong admin key', async () => {
      const res = await t()
        .http()
        .post('/api/uploads')
        .set('X-Forwarded-For', freshAddress())
        .set('x-admin-key', `${ADMIN_KEY}-wrong`)
        .attach('file', PNG_1X1, { filename: 'p.png', contentType: 'image/png' });
      expect(res.status).toBe(401);
    });
  },
  { limits: { ...DEFAULT_LIMITS, audioUploadBytes: AUDIO_LIMIT, imageUploadBytes: IMAGE_LIMIT } },
);

describeEachEngine('uploads with the default limits', (t) => {
  const MB = 1024 * 1024;
  const upload = (data: Buffer, filename: string, contentType: string) =>
    t().http().post('/api/uploads').set('X-Forwarded-For', freshAddress()).attach('file', data, { filename, contentType });

  it('uses 20 MB for audio and 5 MB for images', () => {
    expect(t().config.limits.audioUploadBytes).toBe(20 * MB);
    expect(t().config.limits.imageUploadBytes).toBe(5 * MB);
  });

  it('accepts a 5 MB image and answers 413 one byte over', async () => {
    expect((await upload(pngOfSize(5 * MB), 'photo.png', 'image/png')).status).toBe(201);
    const over = await upload(pngOfSize(5 * MB + 1), 'photo.png', 'image/png');
    expect(over.status).toBe(413);
    expect(storedFiles(t())).toHaveLength(1);
  });

  it('resizes a 2000×1000 PNG to fit 800×800 and stores it as WebP', async () => {
    const png = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#0b6e4f' } }).png().toBuffer();
    const res = await upload(png, 'photo.png', 'image/png');
    const meta = await servedImage(t(), res, '.webp', 'image/webp');
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 800, 400]);
    expect(tempFiles(t())).toEqual([]);
  });

  it('answers 400, not 500, to a large PNG whose pixels are corrupt (its header reads fine), and keeps nothing', async () => {
    const png = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#0b6e4f' } }).png().toBuffer();
    // The header still says 2000×1000, but its checksum is wrong: decoding fails.
    const broken = Buffer.from(png);
    broken[29] = broken[29]! ^ 0xff;
    const stored = storedFiles(t()).length;
    const res = await upload(broken, 'photo.png', 'image/png');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('The image could not be read');
    expect(storedFiles(t())).toHaveLength(stored);
    expect(tempFiles(t())).toEqual([]);
  });

  it('answers 413 to audio over 20 MB', async () => {
    const over = await upload(wavOfSize(20 * MB + 4), 'long.wav', 'audio/wav');
    expect(over.status).toBe(413);
    expect(tempFiles(t())).toEqual([]);
  });
});
