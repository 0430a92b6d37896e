import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { streamToFile } from './stream-to-file';

// docs/uploads.md "Nothing leaks": a broken upload's bytes are deleted, and stay deleted.

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'radio-stream-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Keeps every thread of libuv's pool busy for a while, so a file's open waits in the queue. */
function busyThreadPool(): Promise<unknown> {
  const threads = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
  return Promise.all(Array.from({ length: threads * 2 }, () => new Promise((r) => crypto.pbkdf2('x', 'y', 100_000, 32, 'sha256', r))));
}

describe('streamToFile', () => {
  it('settles only once the file is closed, so a file deleted after a broken source stays deleted', async () => {
    const busy = busyThreadPool();
    const file = path.join(dir, 'part');
    const source = new Readable({ read() {} });
    source.push(Buffer.alloc(1000));
    const written = streamToFile(file, source, new PassThrough());
    await null;
    source.destroy();
    await expect(written).rejects.toThrow();
    // What the parser does on a broken upload: delete the bytes. The open must not come after it.
    fs.rmSync(file, { force: true });
    await busy;
    await new Promise((r) => setTimeout(r, 50));
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('rejects when the file cannot be opened', async () => {
    const source = Readable.from([Buffer.alloc(10)]);
    await expect(streamToFile(path.join(dir, 'missing', 'part'), source)).rejects.toThrow(/ENOENT/);
  });

  it('writes every byte when nothing breaks', async () => {
    const file = path.join(dir, 'whole');
    await streamToFile(file, Readable.from([Buffer.from('abc'), Buffer.from('def')]), new PassThrough());
    expect(fs.readFileSync(file, 'utf8')).toBe('abcdef');
  });
});
