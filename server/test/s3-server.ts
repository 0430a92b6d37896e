import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types; only its constructor, run() and close() are used.
import S3rver from 's3rver';
import type { S3Settings } from '../media/storage';

export interface TestS3 {
  settings: S3Settings;
  /** The same settings as the environment variables a server process reads. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver, in-process, on a free loopback port) with one empty
 * bucket: storage tests talk S3 to it as to AWS, MinIO or R2 — never a mock of our own.
 */
export async function startTestS3(bucket = 'uploads'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'radio-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const address = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${address.port}`;
  // s3rver's fixed credentials.
  const settings: S3Settings = { bucket, region: 'us-east-1', endpoint, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    settings,
    env: {
      S3_BUCKET: bucket,
      AWS_REGION: 'us-east-1',
      AWS_ENDPOINT_URL_S3: endpoint,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
