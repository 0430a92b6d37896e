import fs from 'node:fs';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';

const PUT_ATTEMPTS = 3;

/**
 * Puts a local file into the bucket. The SDK does not retry a request whose body is a stream it
 * has begun to send, and a kept-alive connection the bucket closed just as the PUT started fails
 * it at once (seen as a 503 on an upload under load): so the file is sent again, from a fresh
 * stream, when the connection was cut (docs/uploads.md "Storage").
 */
export async function putFile(
  client: S3Client,
  object: { Bucket: string; Key: string; ContentType?: string },
  localPath: string,
  size: number,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await client.send(new PutObjectCommand({ ...object, Body: fs.createReadStream(localPath), ContentLength: size }));
      return;
    } catch (err) {
      if (attempt >= PUT_ATTEMPTS || !isConnectionCut(err)) throw err;
    }
  }
}

/** A request lost with its connection (reset, broken pipe, timed out), not answered by the bucket. */
function isConnectionCut(err: unknown): boolean {
  const e = err as { code?: string; name?: string; $metadata?: { httpStatusCode?: number } } | null;
  if (!e || e.$metadata?.httpStatusCode) return false;
  return ['ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(e.code ?? '') || e.name === 'TimeoutError';
}
