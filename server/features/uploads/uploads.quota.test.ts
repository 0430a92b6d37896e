import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../config';
import { MULTIPART_OVERHEAD_BYTES } from '../../http/body';
import { PNG_1X1, wav } from '../../test/media-fixtures';
import { describeEachEngine, freshAddress, type TestApp } from '../../test/test-app';

// Issue 30: the daily quota was charged from Content-Length and Upload-Length only, so a
// chunked body, or a tus upload whose length came later, was stored and charged nothing.
// docs/api.md Uploads: the bytes that arrive are charged, whatever the framing.

const BOUNDARY = '----quota-test-boundary';

/** A multipart body with one file part, and optional filler before it (a preamble busboy skips). */
function multipart(field: string, filename: string, data: Buffer, preamble = Buffer.alloc(0)): Buffer {
  return Buffer.concat([
    preamble,
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: { error?: string; url?: string };
}

/**
 * POSTs `body` with Transfer-Encoding: chunked (no Content-Length), in pieces of `piece`
 * bytes, `gapMs` apart; resolves with the answer whenever it comes (the server may answer and
 * close before the client has sent everything).
 */
function postChunked(app: TestApp, route: string, body: Buffer, opts: { ip: string; piece?: number; gapMs?: number; contentType?: string; headers?: Record<string, string> }): Promise<Answer> {
  const url = new URL(app.url + route);
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: { 'Content-Type': opts.contentType ?? `multipart/form-data; boundary=${BOUNDARY}`, 'X-Forwarded-For': opts.ip, ...opts.headers },
    });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? (JSON.parse(text) as Answer['body']) : {} }));
      res.on('error', reject);
    });
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    const piece = opts.piece ?? 16 * 1024;
    let at = 0;
    const next = () => {
      if (answered || req.destroyed) return;
      if (at >= body.length) {
        req.end();
        return;
      }
      const chunk = body.subarray(at, at + piece);
      at += piece;
      req.write(chunk, () => (opts.gapMs ? setTimeout(next, opts.gapMs) : setImmediate(next)));
    };
    next();
  });
}

const quotaOf = async (app: TestApp, ip: string): Promise<number> => {
  const row = (await app.db('upload_quota').where({ scope: `address:${ip}` }).first()) as { bytes: number | string } | undefined;
  return Number(row?.bytes ?? 0);
};

const storedFiles = (app: TestApp): string[] => (fs.existsSync(app.config.uploadDir) ? fs.readdirSync(app.config.uploadDir).filter((n) => !n.startsWith('.')) : []);

const QUOTA = 200_000;

describeEachEngine(
  'upload quota: the bytes that arrive are charged, whatever the framing',
  (t) => {
    const song = wav(44100, 2, 16, 0.7); // ≈ 123 KB: one fits the 200 KB quota, two do not

    it('charges a chunked POST /api/uploads as its bytes arrive; the next ones over the quota are refused (429), charged no more than the quota', async () => {
      const ip = freshAddress();
      const body = multipart('file', 'a.wav', song);
      const first = await postChunked(t(), '/api/uploads', body, { ip });
      expect(first.status).toBe(201);
      expect(await quotaOf(t(), ip)).toBe(body.length);
      const before = storedFiles(t()).length;

      for (let i = 0; i < 3; i++) {
        const again = await postChunked(t(), '/api/uploads', multipart('file', `b${i}.wav`, song), { ip });
        expect(again.status).toBe(429);
        expect(again.body.error).toMatch(/most allowed today/);
        expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
      }
      // What arrived before the refusal was received, so it counts; never more than the quota.
      const charged = await quotaOf(t(), ip);
      expect(charged).toBeGreaterThan(body.length);
      expect(charged).toBeLessThanOrEqual(QUOTA);
      expect(storedFiles(t()).length).toBe(before);
    });

    it('refuses a chunked file the quota could never hold, as it does the same file sent with Content-Length', async () => {
      const big = wav(44100, 2, 16, 1.3); // ≈ 229 KB, over the 200 KB quota alone
      const withLength = await t().http().post('/api/uploads').set('X-Forwarded-For', freshAddress()).attach('file', big, { filename: 'big.wav' });
      expect(withLength.status).toBe(429);
      const ip = freshAddress();
      const before = storedFiles(t()).length;
      const chunked = await postChunked(t(), '/api/uploads', multipart('file', 'big.wav', big), { ip });
      expect(chunked.status).toBe(429);
      expect(await quotaOf(t(), ip)).toBeLessThanOrEqual(QUOTA);
      expect(storedFiles(t()).length).toBe(before);
    });

    it('charges a chunked multipart shoutout too', async () => {
      const ip = freshAddress();
      const body = multipart('audio', 'voice.wav', wav(8000, 1, 16, 2)); // ≈ 32 KB
      const res = await postChunked(t(), '/api/shoutouts', body, { ip });
      expect(res.status).toBe(201);
      expect(await quotaOf(t(), ip)).toBe(body.length);
    });

    it('gives back what a declared Content-Length charged but never came (a cut connection)', async () => {
      const ip = freshAddress();
      const declared = 150_000;
      const sent = 20_000;
      const { port } = new URL(t().url);
      await new Promise<void>((resolve) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => {
          socket.write(
            `POST /api/uploads HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${ip}\r\n` +
              `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${declared}\r\n\r\n`,
          );
          socket.write(multipart('file', 'cut.wav', song).subarray(0, sent), () => setTimeout(() => socket.destroy(), 200));
        });
        socket.on('close', () => resolve());
      });
      let charged = declared;
      for (let i = 0; i < 30 && charged > sent; i++) {
        await new Promise((r) => setTimeout(r, 100));
        charged = await quotaOf(t(), ip);
      }
      expect(charged).toBeGreaterThan(0);
      expect(charged).toBeLessThanOrEqual(sent);
    });

    it('refuses a tus upload of deferred length (Upload-Defer-Length), which would be charged nowhere', async () => {
      const ip = freshAddress();
      const res = await fetch(t().url + '/api/uploads/resumable', {
        method: 'POST',
        headers: { 'Tus-Resumable': '1.0.0', 'Upload-Defer-Length': '1', 'Upload-Metadata': `filename ${Buffer.from('a.wav').toString('base64')}`, 'X-Forwarded-For': ip },
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/Upload-Length is required/);
      expect(res.headers.get('location')).toBeNull();
      expect(await quotaOf(t(), ip)).toBe(0);
    });
  },
  { limits: { ...DEFAULT_LIMITS, uploadQuotaAddressBytes: QUOTA, publicWritesPerMinute: 1000 } },
);

const LIMITS_SMALL = { ...DEFAULT_LIMITS, audioUploadBytes: 1024 * 1024, imageUploadBytes: 512 * 1024, publicWritesPerMinute: 1000 };
const MAX_BODY = LIMITS_SMALL.audioUploadBytes + MULTIPART_OVERHEAD_BYTES;

describeEachEngine(
  'multipart bodies: bounded in all',
  (t) => {
    it('refuses a chunked body larger than the file limit plus its parts (413) without reading it all', async () => {
      const ip = freshAddress();
      // Filler busboy would skip: no file part ever crosses its limit, the body does.
      const filler = Buffer.alloc(MAX_BODY + 1024 * 1024, 0x41);
      const res = await postChunked(t(), '/api/uploads', multipart('file', 'a.png', PNG_1X1, filler), { ip, piece: 64 * 1024 });
      expect(res.status).toBe(413);
      expect(res.body.error).toMatch(/Request body is larger than/);
      expect(res.headers.connection).toBe('close');
      // Charged only what was read before the refusal.
      expect(await quotaOf(t(), ip)).toBeLessThanOrEqual(MAX_BODY);
    });

    it('refuses a declared Content-Length over the bound before reading or charging anything', async () => {
      const ip = freshAddress();
      const res = await new Promise<number>((resolve, reject) => {
        const req = http.request(t().url + '/api/uploads', {
          method: 'POST',
          headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'Content-Length': String(MAX_BODY + 1), 'X-Forwarded-For': ip },
        });
        req.on('response', (r) => {
          r.resume();
          resolve(r.statusCode ?? 0);
          req.destroy();
        });
        req.on('error', reject);
        req.write(Buffer.from(`--${BOUNDARY}\r\n`));
      });
      expect(res).toBe(413);
      expect(await quotaOf(t(), ip)).toBe(0);
    });
  },
  { limits: LIMITS_SMALL },
);

describeEachEngine(
  'multipart bodies: bounded in time',
  (t) => {
    it('refuses a body that trickles in slower than its time allows (408), though no gap reaches the stall timeout', async () => {
      const ip = freshAddress();
      const before = storedFiles(t()).length;
      const body = multipart('file', 'slow.png', Buffer.concat([PNG_1X1, Buffer.alloc(4096)]));
      const res = await postChunked(t(), '/api/uploads', body, { ip, piece: 200, gapMs: 40 });
      expect(res.status).toBe(408);
      expect(res.body.error).toMatch(/took too long/);
      expect(storedFiles(t()).length).toBe(before);
      expect(fs.readdirSync(path.join(t().config.uploadDir, '.tmp'))).toEqual([]);
    });
  },
  { limits: { ...DEFAULT_LIMITS, multipartBodyMs: 600, uploadStallMs: 5_000, publicWritesPerMinute: 1000 } },
);
