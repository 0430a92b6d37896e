import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/utils';
import { putFile } from './s3-put-file';
import { S3ResumableStore, isNotFound } from './s3-resumable-store';

/**
 * Where uploaded files live (docs/uploads.md): one interface, two backends — the local disk
 * (UPLOAD_DIR, the default) and an S3-compatible bucket when S3_BUCKET is set. Stored files
 * have names of our own (`<uuid>.<ext>`); the partial bytes of resumable uploads live in the
 * same backend, so with S3 every process sees them.
 */
export interface UploadStorage {
  readonly kind: 'disk' | 's3';
  /** Stores a local file under name (the caller keeps and deletes its own copy). */
  put(name: string, localPath: string, contentType: string): Promise<void>;
  stat(name: string): Promise<StoredFile | null>;
  /** The file's bytes, all or an inclusive byte range. */
  read(name: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Deletes a stored file; a missing one is no error. */
  remove(name: string): Promise<void>;
  /** Names and ages of every stored file (the lifecycle sweep lists them). */
  list(): AsyncIterable<{ name: string; modifiedAt: number }>;
  /** The tus datastore for unfinished uploads. */
  readonly resumable: DataStore;
  /** Copies a finished resumable upload's bytes to a local file, to be checked there. */
  fetchResumable(id: string, toPath: string): Promise<void>;
}

export interface StoredFile {
  size: number;
  etag: string;
}

/** Our own stored names only: a UUID and a short extension. */
export const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{2,5}$/;

/** An unfinished resumable upload is kept this long after it was created (tus expiration). */
export const RESUMABLE_EXPIRY_MS = 24 * 60 * 60 * 1000;

export interface StorageEnv {
  uploadDir: string;
  s3?: S3Settings | null;
}

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** S3_BUCKET and the standard AWS_* variables (docs/api.md configuration), or null for the disk. */
export function readS3Settings(env: NodeJS.ProcessEnv): S3Settings | null {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return null;
  return {
    bucket,
    region: env.AWS_REGION?.trim() || 'us-east-1',
    endpoint: env.AWS_ENDPOINT_URL_S3?.trim() || undefined,
    accessKeyId: env.AWS_ACCESS_KEY_ID?.trim() || undefined,
    secretAccessKey: env.AWS_SECRET_ACCESS_KEY?.trim() || undefined,
  };
}

export function createStorage(env: StorageEnv): UploadStorage {
  return env.s3 ? s3Storage(env.s3, env.uploadDir) : diskStorage(env.uploadDir);
}

/**
 * tus's FileStore, its folder made by diskStorage, synchronously, where a failure is an error
 * at start. FileStore's constructor makes the folder itself in the background and throws from
 * that callback when it fails, where no caller can catch it: an app made and closed at once, or
 * a test that replaced the folder, crashed a whole test run (ENOTDIR, on Node 22). Should a
 * newer FileStore rename that method, its own background attempt simply comes back.
 */
class FileStoreInMadeFolder extends (FileStore as unknown as new (options: ConstructorParameters<typeof FileStore>[0]) => DataStore) {
  checkOrCreateDirectory(): void {}
}

export function diskStorage(uploadDir: string): UploadStorage {
  const resumableDir = path.join(uploadDir, '.resumable');
  fs.mkdirSync(resumableDir, { recursive: true });
  const resumable = new FileStoreInMadeFolder({ directory: resumableDir, expirationPeriodInMilliseconds: RESUMABLE_EXPIRY_MS });
  const fileOf = (name: string) => {
    if (!STORED_NAME.test(name)) throw new Error(`Not a stored name: ${name}`);
    return path.join(uploadDir, name);
  };
  return {
    kind: 'disk',
    resumable,
    async put(name, localPath) {
      await fsp.mkdir(uploadDir, { recursive: true });
      // Written beside its final name, then renamed: a reader never sees half a file.
      const tmp = path.join(uploadDir, `.${name}.part`);
      await fsp.copyFile(localPath, tmp);
      await fsp.rename(tmp, fileOf(name));
    },
    async stat(name) {
      if (!STORED_NAME.test(name)) return null;
      try {
        const s = await fsp.stat(fileOf(name));
        return s.isFile() ? { size: s.size, etag: `"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"` } : null;
      } catch {
        return null;
      }
    },
    async read(name, range) {
      return fs.createReadStream(fileOf(name), range);
    },
    async remove(name) {
      await fsp.rm(fileOf(name), { force: true });
    },
    async *list() {
      let names: string[];
      try {
        names = await fsp.readdir(uploadDir);
      } catch {
        return;
      }
      for (const name of names) {
        if (!STORED_NAME.test(name)) continue;
        const s = await fsp.stat(path.join(uploadDir, name)).catch(() => null);
        if (s?.isFile()) yield { name, modifiedAt: s.mtimeMs };
      }
    },
    async fetchResumable(id, toPath) {
      await fsp.copyFile(path.join(resumableDir, path.basename(id)), toPath);
    },
  };
}

/** Stored files are kept under this prefix; tus keeps its partial uploads beside it. */
const FILES_PREFIX = 'files/';

export function s3ClientConfig(s3: S3Settings): S3ClientConfig {
  return {
    region: s3.region,
    // Checksums only where S3 requires them: the SDK's default streams bodies aws-chunked
    // with trailing checksums, which several S3-compatible services store verbatim.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // MinIO, R2, B2, Ceph and s3rver want path-style addressing at their own endpoint.
    ...(s3.endpoint ? { endpoint: s3.endpoint, forcePathStyle: true } : {}),
    ...(s3.accessKeyId && s3.secretAccessKey ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } } : {}),
  };
}

/** S3 (or compatible): files under `files/`, unfinished uploads under `resumable/`; uploadDir only spools. */
export function s3Storage(s3: S3Settings, uploadDir: string): UploadStorage {
  const client = new S3Client(s3ClientConfig(s3));
  const Bucket = s3.bucket;
  const resumable = new S3ResumableStore(client, Bucket, path.join(uploadDir, '.tmp'), RESUMABLE_EXPIRY_MS);
  const keyOf = (name: string) => {
    if (!STORED_NAME.test(name)) throw new Error(`Not a stored name: ${name}`);
    return FILES_PREFIX + name;
  };
  return {
    kind: 's3',
    resumable,
    async put(name, localPath, contentType) {
      const { size } = await fsp.stat(localPath);
      await putFile(client, { Bucket, Key: keyOf(name), ContentType: contentType }, localPath, size);
    },
    async stat(name) {
      if (!STORED_NAME.test(name)) return null;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(name) }));
        return { size: Number(head.ContentLength ?? 0), etag: head.ETag ?? `"${name}"` };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async read(name, range) {
      const out = await client.send(
        new GetObjectCommand({ Bucket, Key: keyOf(name), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return out.Body as Readable;
    },
    async remove(name) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(name) }));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: FILES_PREFIX, ContinuationToken }));
        for (const o of page.Contents ?? []) {
          const name = (o.Key ?? '').slice(FILES_PREFIX.length);
          if (STORED_NAME.test(name)) yield { name, modifiedAt: o.LastModified?.getTime() ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async fetchResumable(id, toPath) {
      await resumable.assemble(id, toPath);
    },
  };
}
