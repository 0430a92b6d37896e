import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../config';
import { deleteUploadedFiles } from '../../media/media-files';
import { createStorage } from '../../media/storage';
import { cutPatch, offsetOnceStored } from '../../test/cut-patch';
import { wav, wavOfSize } from '../../test/media-fixtures';
import { startTestS3, type TestS3 } from '../../test/s3-server';
import { createTestApp, freshAddress, type TestApp } from '../../test/test-app';

// docs/uploads.md: with S3_BUCKET set, uploads live in the bucket (here a real S3-protocol
// server, s3rver) and are served at the same /uploads/<name>.

describe('uploads on S3-compatible storage', () => {
  let s3: TestS3;
  let app: TestApp;
  beforeAll(async () => {
    s3 = await startTestS3();
    app = await createTestApp('sqlite', { s3: s3.settings, limits: { ...DEFAULT_LIMITS, publicWritesPerMinute: 1000 } });
  });
  afterAll(async () => {
    await app?.close();
    await s3?.close();
  });

  it('stores a POST /api/uploads file in the bucket (not on the disk) and serves it with Range, ETag and a year of caching', async () => {
    const data = wav(44100, 2, 16, 0.1);
    const res = await app.http().post('/api/uploads').set('X-Forwarded-For', freshAddress()).attach('file', data, { filename: 'a.wav', contentType: 'audio/wav' });
    expect(res.status).toBe(201);
    const url: string = res.body.url;
    const name = url.slice('/uploads/'.length);
    const onDisk = fs.existsSync(app.config.uploadDir) ? fs.readdirSync(app.config.uploadDir) : [];
    expect(onDisk).not.toContain(name);
    expect(await createStorage({ uploadDir: '/nonexistent', s3: s3.settings }).stat(name)).toMatchObject({ size: data.length });

    const whole = await fetch(app.url + url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(whole.headers.get('content-type')).toMatch(/^audio\/(wav|x-wav|wave)/);
    const etag = whole.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect(Buffer.from(await whole.arrayBuffer()).equals(data)).toBe(true);

    const part = await fetch(app.url + url, { headers: { Range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${data.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(data.subarray(10, 20))).toBe(true);

    // (fetch would add Cache-Control: no-cache to a request with If-None-Match.)
    const again = await app.http().get(url).set('If-None-Match', etag);
    expect(again.status).toBe(304);

    await deleteUploadedFiles({ db: app.db, storage: createStorage({ uploadDir: app.config.uploadDir, s3: s3.settings }) }, [url]);
    expect((await fetch(app.url + url)).status).toBe(404);
  });

  it('answers 404 for names the server did not make, even when the bucket holds them', async () => {
    for (const p of ['/uploads/resumable/x.info', '/uploads/../files/x', '/uploads/not-ours.wav']) {
      expect((await fetch(app.url + p)).status).toBe(404);
    }
  });

  it('a resumable upload cut mid-PATCH keeps its bytes in the bucket and finishes from there', async () => {
    const data = wavOfSize(300_004);
    const meta = `filename ${Buffer.from('song.wav').toString('base64')},purpose ${Buffer.from('track').toString('base64')}`;
    const created = await fetch(app.url + '/api/uploads/resumable', {
      method: 'POST',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(data.length), 'Upload-Metadata': meta, 'X-Forwarded-For': freshAddress() },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const token = created.headers.get('upload-token')!;
    await cutPatch(app.url, location, data, 120_000, token);
    const offset = await offsetOnceStored(app.url, location, 120_000, 100, token);
    expect(offset).toBe(120_000);
    const rest = await fetch(app.url + location, {
      method: 'PATCH',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Token': token, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
      body: data.subarray(offset),
    });
    expect(rest.status).toBe(204);
    const url = rest.headers.get('upload-url')!;
    expect(Buffer.from(await (await fetch(app.url + url)).arrayBuffer()).equals(data)).toBe(true);
  });
});
