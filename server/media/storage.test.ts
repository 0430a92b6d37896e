import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Upload } from '@tus/utils';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cuttingProxy } from '../../bench/lib/cutting-proxy.mjs';
import { startTestS3, type TestS3 } from '../test/s3-server';
import { createStorage } from './storage';

// docs/uploads.md "Storage": a kept-alive connection to the bucket can be closed by the far end
// just as a PUT starts on it (an idle timeout, a restarting proxy). The SDK cannot send a file
// stream twice, so the storage sends the file again itself. The bucket is reached through the
// cutting proxy the upload tests use (bench/lib/cutting-proxy.mjs), set to cut the first PUT.

describe('S3 storage', () => {
  let s3: TestS3;
  let dir: string;
  let link: Awaited<ReturnType<typeof cuttingProxy>> | null = null;
  beforeAll(async () => {
    s3 = await startTestS3();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'radio-storage-'));
  });
  afterEach(async () => {
    await link?.close();
    link = null;
  });
  afterAll(async () => {
    await s3?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The storage, its bucket behind a link that cuts the next PUT's connection at its first byte. */
  const cutOnce = async () => {
    link = await cuttingProxy(new URL(s3.settings.endpoint!), { cuts: [1], methods: ['PUT'] });
    return { store: createStorage({ uploadDir: dir, s3: { ...s3.settings, endpoint: link.url } }), cuts: link.cuts };
  };

  it('stores a file whole when the connection is cut as its PUT starts', async () => {
    const { store, cuts } = await cutOnce();
    const local = path.join(dir, 'song.wav');
    const data = Buffer.alloc(300_000, 7);
    fs.writeFileSync(local, data);
    const name = '00000000-0000-4000-8000-000000000001.wav';
    await store.put(name, local, 'audio/wav');
    expect(cuts()).toBe(1);
    expect(await store.stat(name)).toMatchObject({ size: data.length });
    const chunks: Buffer[] = [];
    for await (const c of await store.read(name)) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(data)).toBe(true);
  });

  it("keeps a resumable upload's bytes when the connection is cut as their PUT starts", async () => {
    const data = Buffer.alloc(200_000, 9);
    const upload = new Upload({ id: 'cut-then-kept', size: data.length, offset: 0 });
    // Made directly, so the cut falls on the chunk's PUT, not the upload's info.
    await createStorage({ uploadDir: dir, s3: s3.settings }).resumable.create(upload);
    const { store, cuts } = await cutOnce();
    expect(await store.resumable.write(Readable.from([data]), upload.id, 0)).toBe(data.length);
    expect(cuts()).toBe(1);
    expect((await store.resumable.getUpload(upload.id)).offset).toBe(data.length);
  });
});
