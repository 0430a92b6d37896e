import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadResumable } from '../../app/lib/offline/resumable-download';

// app/lib/offline/resumable-download.ts (the app's project has no Node types for a server, so
// its test sits here): the resuming download against a real HTTP server that honours Range (as /uploads/:name does)
// and cuts the connection part-way through, as a phone losing signal does.
const FILE = Buffer.from(Array.from({ length: 2_000_000 }, (_, i) => i % 251));
let server: http.Server;
let base = '';
let served = 0;
let cutsLeft = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const m = /bytes=(\d+)-/.exec(req.headers.range ?? '');
    const start = m ? Number(m[1]) : 0;
    const body = FILE.subarray(start);
    res.writeHead(m ? 206 : 200, {
      'Content-Type': 'audio/mp4',
      'Content-Length': String(body.length),
      'Accept-Ranges': 'bytes',
      ...(m ? { 'Content-Range': `bytes ${start}-${FILE.length - 1}/${FILE.length}` } : {}),
    });
    if (cutsLeft > 0) {
      cutsLeft -= 1;
      // A third of what is left, then the connection dies.
      const part = body.subarray(0, Math.floor(body.length / 3));
      served += part.length;
      res.write(part, () => res.socket?.destroy());
      return;
    }
    served += body.length;
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('downloadResumable', () => {
  it('a download cut twice resumes with Range where it stopped: the whole file, once, within 1.1× its size', async () => {
    served = 0;
    cutsLeft = 2;
    const waits: number[] = [];
    const { blob, requests } = await downloadResumable(`${base}/uploads/ep.m4a`, FILE.length, (received, _total, waiting) => waiting && waits.push(received), new AbortController().signal, { waitToRetry: async () => {} });
    expect(Buffer.from(await blob.arrayBuffer()).equals(FILE)).toBe(true);
    expect(requests).toBe(3);
    expect(waits).toHaveLength(2);
    expect(served / FILE.length).toBeLessThanOrEqual(1.1);
  });

  it('stops when cancelled', async () => {
    cutsLeft = 100;
    const controller = new AbortController();
    const p = downloadResumable(`${base}/uploads/ep.m4a`, FILE.length, () => controller.abort(), controller.signal, { waitToRetry: async () => {} });
    await expect(p).rejects.toThrow();
  });
});
