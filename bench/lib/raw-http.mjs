// HTTP/1.1 on raw sockets for the listening figure (bench/listening.mjs): every byte the server
// sends is counted as it arrives, status line, headers and chunk framing included.
import net from 'node:net';
import zlib from 'node:zlib';
import { bounded } from './compiled-server.mjs';

/** Sends a raw HTTP/1.1 request and answers the whole response as bytes (Connection: close). */
export function rawRequest(base, pathName, headers) {
  const { hostname, port } = new URL(base);
  const lines = [`GET ${pathName} HTTP/1.1`, `Host: ${hostname}:${port}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), 'Connection: close', '', ''];
  return bounded(
    new Promise((resolve, reject) => {
      const chunks = [];
      const socket = net.connect(Number(port), hostname, () => socket.write(lines.join('\r\n')));
      socket.on('data', (d) => chunks.push(d));
      socket.on('end', () => resolve(Buffer.concat(chunks)));
      socket.on('error', reject);
    }),
    10_000,
    `GET ${pathName}`,
  );
}

/**
 * GET /api/np/events as Chromium's EventSource asks for it, on a raw socket: each HTTP chunk
 * (size line, data, CRLF) is charged to the SSE block its data completes, the headers to the
 * first block, so a heartbeat and an event that arrive in one read are still told apart.
 */
export function openStream(base, pathName, headers = {}) {
  const { hostname, port } = new URL(base);
  const all = { Host: `${hostname}:${port}`, Accept: 'text/event-stream', 'Cache-Control': 'no-cache', 'Accept-Encoding': 'gzip, deflate, br, zstd', ...headers };
  const request = [`GET ${pathName} HTTP/1.1`, ...Object.entries(all).map(([k, v]) => `${k}: ${v}`), '', ''].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    socket.on('error', reject);
    const blocks = [];
    let raw = Buffer.alloc(0);
    let head = null;
    let gunzip = null;
    let text = '';
    let owed = 0;
    let wake = () => {};
    let queue = Promise.resolve();
    const decoded = (chunk) =>
      new Promise((done) => {
        if (!gunzip) return done(chunk.toString('utf8'));
        const out = [];
        const take = (d) => out.push(d);
        gunzip.on('data', take);
        gunzip.write(chunk);
        gunzip.flush(zlib.constants.Z_SYNC_FLUSH, () => {
          gunzip.off('data', take);
          done(Buffer.concat(out).toString('utf8'));
        });
      });
    const charge = (chunk, bytes) => {
      queue = queue.then(async () => {
        owed += bytes;
        text += await decoded(chunk);
        let at;
        while ((at = text.indexOf('\n\n')) >= 0) {
          blocks.push({ text: text.slice(0, at + 2), bytes: owed });
          owed = 0;
          text = text.slice(at + 2);
        }
        wake();
      });
    };
    socket.on('data', (d) => {
      raw = Buffer.concat([raw, d]);
      if (!head) {
        const end = raw.indexOf('\r\n\r\n');
        if (end < 0) return;
        const lines = raw.subarray(0, end).toString('latin1').split('\r\n');
        head = { status: Number(lines[0].split(' ')[1]), headers: Object.fromEntries(lines.slice(1).map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()])) };
        if (head.headers['content-encoding'] === 'gzip') gunzip = zlib.createGunzip();
        owed = end + 4;
        raw = raw.subarray(end + 4);
        let seen = 0;
        resolve({
          headers: head.headers,
          blocks,
          /** The next SSE block that matches, within ms. */
          next(match, ms, what) {
            return bounded(
              new Promise((done) => {
                const look = () => {
                  while (seen < blocks.length) {
                    const b = blocks[seen++];
                    if (match(b.text)) return done(b);
                  }
                  wake = look;
                };
                look();
              }),
              ms,
              what,
            );
          },
          close: () => socket.destroy(),
        });
      }
      // Chunked framing: "<hex size>\r\n<data>\r\n".
      for (;;) {
        const line = raw.indexOf('\r\n');
        if (line < 0) return;
        const size = parseInt(raw.subarray(0, line).toString('latin1'), 16);
        const total = line + 2 + size + 2;
        if (size === 0 || raw.length < total) return;
        charge(raw.subarray(line + 2, line + 2 + size), total);
        raw = raw.subarray(total);
      }
    });
  });
}
