import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Upload } from '@tus/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../test/s3-server';
import { createStorage } from './storage';

// docs/uploads.md "Storage": a kept-alive connection to the bucket can be
// closed by the far end just as a PUT starts on it (an idle timeout, a restarting proxy). The
// SDK cannot send a file stream twice, so the storage sends the file again itself.

/** A TCP relay to `port` that resets the connection on which the next PUT starts, once per `arm()`. */
async function resettingRelay(port: number): Promise<{ port: number; arm(): void; resets: () => number; close(): Promise<void> }> {
  let resets = 0;
  let armed = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    const upstream = net.connect(port, '127.0.0.1');
    sockets.add(upstream);
    client.on('data', (chunk) => {
      if (armed && chunk.subarray(0, 4).toString() === 'PUT ') {
        armed = false;
        resets++;
        client.resetAndDestroy();
        upstream.destroy();
        return;
      }
      upstream.write(chunk);
    });
    upstream.pipe(client);
    for (const s of [client, upstream]) s.on('error', () => undefined);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    arm: () => void (armed = true),
    resets: () => resets,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

describe('S3 storage', () => {
  let s3: TestS3;
  let relay: Awaited<ReturnType<typeof resettingRelay>>;
  let dir: string;
  beforeAll(async () => {
    s3 = await startTestS3();
    relay = await resettingRelay(Number(new URL(s3.settings.endpoint!).port));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'radio-storage-'));
  });
  afterAll(async () => {
    await relay?.close();
    await s3?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const storage = () => createStorage({ uploadDir: dir, s3: { ...s3.settings, endpoint: `http://127.0.0.1:${relay.port}` } });

  it('stores a file whole when the connection is reset as its PUT starts', async () => {
    const store = storage();
    const local = path.join(dir, 'song.wav');
    const data = Buffer.alloc(300_000, 7);
    fs.writeFileSync(local, data);
    const name = '00000000-0000-4000-8000-000000000001.wav';
    relay.arm();
    await store.put(name, local, 'audio/wav');
    expect(relay.resets()).toBe(1);
    expect(await store.stat(name)).toMatchObject({ size: data.length });
    const chunks: Buffer[] = [];
    for await (const c of await store.read(name)) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(data)).toBe(true);
  });

  it("keeps a resumable upload's bytes when the connection is reset as their PUT starts", async () => {
    const store = storage();
    const data = Buffer.alloc(200_000, 9);
    const upload = new Upload({ id: 'reset-then-kept', size: data.length, offset: 0 });
    await store.resumable.create(upload);
    relay.arm();
    const before = relay.resets();
    expect(await store.resumable.write(Readable.from([data]), upload.id, 0)).toBe(data.length);
    expect(relay.resets()).toBe(before + 1);
    expect((await store.resumable.getUpload(upload.id)).offset).toBe(data.length);
  });
});
