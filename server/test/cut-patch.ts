import net from 'node:net';
import { freshAddress } from './test-app';

/**
 * A tus PATCH to `location` that declares the whole of `data`, sends its first `sent` bytes,
 * then the connection dies (docs/uploads.md: a phone losing its signal mid-upload).
 */
export async function cutPatch(baseUrl: string, location: string, data: Buffer, sent: number, token: string): Promise<void> {
  const { port } = new URL(baseUrl);
  await new Promise<void>((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => {
      socket.write(
        `PATCH ${location} HTTP/1.1\r\nHost: 127.0.0.1\r\nTus-Resumable: 1.0.0\r\nUpload-Token: ${token}\r\nX-Forwarded-For: ${freshAddress()}\r\nUpload-Offset: 0\r\n` +
          `Content-Type: application/offset+octet-stream\r\nContent-Length: ${data.length}\r\n\r\n`,
      );
      socket.write(data.subarray(0, sent), () => setTimeout(() => socket.destroy(), 200));
    });
    socket.on('close', () => resolve());
  });
}

/** The upload's offset once the server has stored `expected` bytes, polling HEAD `tries` times 100 ms apart (or the last offset seen). */
export async function offsetOnceStored(baseUrl: string, location: string, expected: number, tries: number, token: string): Promise<number> {
  let offset = 0;
  for (let i = 0; i < tries && offset < expected; i++) {
    const head = await fetch(baseUrl + location, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0', 'Upload-Token': token, 'X-Forwarded-For': freshAddress() } });
    offset = Number(head.headers.get('upload-offset'));
    if (offset < expected) await new Promise((r) => setTimeout(r, 100));
  }
  return offset;
}

/**
 * tus-js-client options that keep the upload's token (answered at creation) and send it on
 * every later request, as the app's upload module does (docs/uploads.md "Ownership").
 */
export function ownedUpload(): {
  onBeforeRequest: (req: { getMethod(): string; setHeader(name: string, value: string): void }) => void;
  onAfterResponse: (req: { getMethod(): string }, res: { getHeader(name: string): string | undefined }) => void;
} {
  let token: string | undefined;
  return {
    onBeforeRequest(req) {
      if (req.getMethod() !== 'POST' && token) req.setHeader('Upload-Token', token);
    },
    onAfterResponse(req, res) {
      if (req.getMethod() === 'POST') token = res.getHeader('Upload-Token') ?? token;
    },
  };
}
