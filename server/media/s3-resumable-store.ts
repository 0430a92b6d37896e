import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { DataStore, ERRORS, Upload } from '@tus/utils';
import { putFile } from './s3-put-file';
import { streamToFile } from './stream-to-file';

/**
 * The tus datastore for S3 (docs/uploads.md). The upload's state lives in the bucket, where
 * every process sees it: `resumable/<id>.info` (size, metadata, creation date) and one object
 * per PATCH, `resumable/<id>/<start>-<length>`, holding the bytes that PATCH brought — also
 * when its connection was cut, so a resume never re-sends them. The offset is the sum of the
 * chunks from byte 0. Only PutObject, GetObject, ListObjectsV2 and DeleteObject are used, so
 * it runs on every S3-compatible service; @tus/s3-store needs multipart ListParts, Abort and
 * DeleteObjects, which some (s3rver, used by the tests) do not have.
 * Writers are kept one at a time by the tus lock (the database locker).
 */
export class S3ResumableStore extends DataStore {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly tmpDir: string,
    private readonly expirationMs: number,
  ) {
    super();
    this.extensions = ['creation', 'creation-with-upload', 'creation-defer-length', 'termination', 'expiration'];
  }

  private infoKey(id: string) {
    return `resumable/${id}.info`;
  }
  private chunkPrefix(id: string) {
    return `resumable/${id}/`;
  }

  override async create(upload: Upload): Promise<Upload> {
    upload.creation_date ??= new Date().toISOString();
    await this.saveInfo(upload);
    upload.storage = { type: 's3', path: this.infoKey(upload.id), bucket: this.bucket };
    return upload;
  }

  private async saveInfo(upload: Upload): Promise<void> {
    const body = JSON.stringify({ size: upload.size ?? null, metadata: upload.metadata ?? {}, creation_date: upload.creation_date });
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.infoKey(upload.id), Body: body, ContentType: 'application/json' }));
  }

  private async readInfo(id: string): Promise<{ size: number | null; metadata: Record<string, string | null>; creation_date: string }> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.infoKey(id) }));
      return JSON.parse(await (out.Body as { transformToString(): Promise<string> }).transformToString());
    } catch (err) {
      if (isNotFound(err)) throw ERRORS.FILE_NOT_FOUND;
      throw err;
    }
  }

  /** The chunks in byte order, as far as they run on without a gap from byte 0. */
  private async chunks(id: string): Promise<{ key: string; start: number; length: number }[]> {
    const found: { key: string; start: number; length: number }[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.chunkPrefix(id), ContinuationToken }));
      for (const o of page.Contents ?? []) {
        const m = /\/(\d+)-(\d+)$/.exec(o.Key ?? '');
        if (m) found.push({ key: o.Key!, start: Number(m[1]), length: Number(m[2]) });
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    found.sort((a, b) => a.start - b.start);
    const run: typeof found = [];
    let next = 0;
    for (const c of found) {
      if (c.start !== next) continue;
      run.push(c);
      next += c.length;
    }
    return run;
  }

  override async getUpload(id: string): Promise<Upload> {
    const info = await this.readInfo(id);
    const offset = (await this.chunks(id)).reduce((sum, c) => sum + c.length, 0);
    return new Upload({
      id,
      size: info.size ?? undefined,
      offset,
      metadata: info.metadata,
      creation_date: info.creation_date,
      storage: { type: 's3', path: this.infoKey(id), bucket: this.bucket },
    });
  }

  override async declareUploadLength(id: string, length: number): Promise<void> {
    const info = await this.readInfo(id);
    await this.saveInfo(new Upload({ id, size: length, offset: 0, metadata: info.metadata, creation_date: info.creation_date }));
  }

  /**
   * Spools the PATCH body to a local file as it arrives, then stores what arrived as one chunk
   * — also when the body was cut off, so those bytes count for the resume.
   */
  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    await fsp.mkdir(this.tmpDir, { recursive: true });
    const spool = path.join(this.tmpDir, `tus-${randomUUID()}`);
    let failure: unknown = null;
    try {
      await streamToFile(spool, readable);
    } catch (err) {
      failure = err;
    }
    try {
      const { size } = await fsp.stat(spool).catch(() => ({ size: 0 }));
      if (size > 0) {
        await putFile(this.client, { Bucket: this.bucket, Key: `${this.chunkPrefix(id)}${String(offset).padStart(12, '0')}-${size}` }, spool, size);
      }
      if (failure) throw ERRORS.FILE_WRITE_ERROR;
      return offset + size;
    } finally {
      await fsp.rm(spool, { force: true });
    }
  }

  /** Joins a finished upload's chunks into one local file. */
  async assemble(id: string, toPath: string): Promise<void> {
    const out = fs.createWriteStream(toPath);
    try {
      for (const c of await this.chunks(id)) {
        const part = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: c.key }));
        await pipeline(part.Body as Readable, out, { end: false });
      }
    } finally {
      await new Promise<void>((resolve) => out.end(resolve));
    }
  }

  override async remove(id: string): Promise<void> {
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.chunkPrefix(id), ContinuationToken }));
      for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    for (const Key of keys) await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }));
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.infoKey(id) }));
  }

  override getExpiration(): number {
    return this.expirationMs;
  }

  override async deleteExpired(): Promise<number> {
    const expired: string[] = [];
    let ContinuationToken: string | undefined;
    const now = Date.now();
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: 'resumable/', ContinuationToken }));
      for (const o of page.Contents ?? []) {
        const m = /^resumable\/([0-9a-f]+)\.info$/.exec(o.Key ?? '');
        if (m && o.LastModified && now - o.LastModified.getTime() > this.expirationMs) expired.push(m[1]!);
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    for (const id of expired) await this.remove(id);
    return expired.length;
  }
}

export function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.Code === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}
