import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../test/s3-server';
import { diskLiveStorage, s3LiveStorage, type LiveStorage } from './live.storage';

const read = async (storage: LiveStorage, tenant: 'watzhott' | 'caribbean', name: string) => {
  const stream = await storage.read(tenant, name);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

// The relay's segments on the disk and in an S3 bucket (s3rver, a real S3 server): every process reads them.
for (const kind of ['disk', 's3'] as const) {
  describe(`live storage [${kind}]`, () => {
    let s3: TestS3 | null = null;
    let dir = '';
    let storage: LiveStorage;
    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'live-storage-'));
      if (kind === 's3') {
        s3 = await startTestS3('live');
        storage = s3LiveStorage(s3.settings);
      } else {
        storage = diskLiveStorage(dir);
      }
    });
    afterAll(async () => {
      await s3?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('keeps segments per tenant, reads them back and removes them; refuses names it did not make', async () => {
      const a = Buffer.from('a'.repeat(188 * 2));
      const b = Buffer.from('b'.repeat(188));
      await storage.put('watzhott', 'low-0badf00d-1.ts', a);
      await storage.put('caribbean', 'low-0badf00d-1.ts', b);
      expect(await read(storage, 'watzhott', 'low-0badf00d-1.ts')).toEqual(a);
      expect(await read(storage, 'caribbean', 'low-0badf00d-1.ts')).toEqual(b);
      expect(await read(storage, 'watzhott', 'low-0badf00d-2.ts')).toBeNull();
      expect(await read(storage, 'watzhott', '../low-0badf00d-1.ts')).toBeNull();
      await expect(storage.put('watzhott', '../../etc/x.ts', a)).rejects.toThrow(/Not a live segment name/);
      await storage.remove('watzhott', ['low-0badf00d-1.ts', 'low-0badf00d-9.ts']);
      expect(await read(storage, 'watzhott', 'low-0badf00d-1.ts')).toBeNull();
      expect(await read(storage, 'caribbean', 'low-0badf00d-1.ts')).toEqual(b);
    });
  });
}
