import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Tenant } from '../../../domain/tenants';
import { isNotFound } from '../../media/s3-resumable-store';
import { s3ClientConfig, type S3Settings } from '../../media/storage';

/**
 * Where the relay's segments live: the configured storage (docs/uploads.md), so every process
 * serves them: `<UPLOAD_DIR>/live/<tenant>/` on disk, `live/<tenant>/` in the S3 bucket. Kept
 * apart from uploaded files, which the uploads' lifecycle sweep owns (docs/live-relay.md).
 */
export interface LiveStorage {
  put(tenant: Tenant, name: string, bytes: Buffer): Promise<void>;
  /** The segment's bytes, or null when it is not (or no longer) stored. */
  read(tenant: Tenant, name: string): Promise<Readable | null>;
  remove(tenant: Tenant, names: string[]): Promise<void>;
}

/** Our own segment names only (the relay makes them): `<rendition>-<run>-<seq>.ts`. */
export const SEGMENT_NAME = /^[a-z]{2,8}-[0-9a-f]{8}-\d{1,9}\.ts$/;

const checked = (name: string) => {
  if (!SEGMENT_NAME.test(name)) throw new Error(`Not a live segment name: ${name}`);
  return name;
};

export function createLiveStorage(env: { uploadDir: string; s3?: S3Settings | null }): LiveStorage {
  return env.s3 ? s3LiveStorage(env.s3) : diskLiveStorage(path.join(env.uploadDir, 'live'));
}

export function diskLiveStorage(root: string): LiveStorage {
  const dirOf = (tenant: Tenant) => path.join(root, tenant);
  return {
    async put(tenant, name, bytes) {
      const dir = dirOf(tenant);
      await fsp.mkdir(dir, { recursive: true });
      // Written beside its name, then renamed: a reader never sees half a segment.
      const tmp = path.join(dir, `.${checked(name)}.part`);
      await fsp.writeFile(tmp, bytes);
      await fsp.rename(tmp, path.join(dir, name));
    },
    async read(tenant, name) {
      if (!SEGMENT_NAME.test(name)) return null;
      const file = path.join(dirOf(tenant), name);
      const handle = await fsp.open(file).catch(() => null);
      if (!handle) return null;
      return handle.createReadStream();
    },
    async remove(tenant, names) {
      await Promise.all(names.map((n) => fsp.rm(path.join(dirOf(tenant), checked(n)), { force: true })));
    },
  };
}

export function s3LiveStorage(s3: S3Settings): LiveStorage {
  const client = new S3Client(s3ClientConfig(s3));
  const Bucket = s3.bucket;
  const keyOf = (tenant: Tenant, name: string) => `live/${tenant}/${checked(name)}`;
  return {
    async put(tenant, name, bytes) {
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(tenant, name), Body: bytes, ContentLength: bytes.length, ContentType: 'video/mp2t' }));
    },
    async read(tenant, name) {
      if (!SEGMENT_NAME.test(name)) return null;
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(tenant, name) }));
        return out.Body as Readable;
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async remove(tenant, names) {
      // DeleteObjects takes up to 1000 keys a call.
      for (let i = 0; i < names.length; i += 1000) {
        const batch = names.slice(i, i + 1000);
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((n) => ({ Key: keyOf(tenant, n) })), Quiet: true } }));
      }
    },
  };
}
