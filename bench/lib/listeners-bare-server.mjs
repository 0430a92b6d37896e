// The yardstick of the listeners bench (bench/listeners.mjs, issue 17): a bare node:http server
// holding as many now-playing streams as ours and writing the same gzip bytes on a change
// (POST /change). Run by bench/listeners.mjs as `node bench/lib/listeners-bare-server.mjs
// <events.json> <port>`, with its open-file limit raised.
import fs from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

function bareServer(eventsFile, port) {
  const [before, after] = JSON.parse(fs.readFileSync(eventsFile, 'utf8'));
  const text = (json, id) => `id: ${id}\ndata: ${json}\n\n`;
  const flushed = { finishFlush: zlib.constants.Z_SYNC_FLUSH, level: 6 };
  const first = text(before, 'W/"before"');
  const second = text(after, 'W/"after"');
  // The same bytes our server writes: a gzip header, then sync-flushed deflate chunks, the
  // change compressed against the event before it.
  const header = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
  const opening = Buffer.concat([header, zlib.deflateRawSync('retry: 5000\n\n', flushed), zlib.deflateRawSync(first, flushed)]);
  const change = zlib.deflateRawSync(second, { ...flushed, dictionary: Buffer.from(first) });
  const streams = new Set();
  const server = http.createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/change') {
      for (const s of streams) s.write(change);
      res.end('ok');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', 'content-encoding': 'gzip' });
    res.write(opening);
    streams.add(res);
    res.once('close', () => streams.delete(res));
  });
  server.listen(port, '127.0.0.1', () => process.stdout.write('listening\n'));
  process.on('SIGTERM', () => {
    for (const s of streams) s.destroy();
    server.close(() => process.exit(0));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) bareServer(process.argv[2], Number(process.argv[3]));
