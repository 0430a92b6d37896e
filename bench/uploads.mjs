// The upload figure of `npm run bench` (issue 12, docs/uploads.md): a 10 MB song over a
// connection that is cut each time the upload reaches another 2 MB of the file (at 2, 4, 6 and
// 8 MB, once each: a phone crossing dead zones). Sent through a TCP proxy on 127.0.0.1 that
// counts every byte the client sends. Resumable (tus-js-client, as the app) against the
// upload restarted from byte 0 each time (a plain multipart POST, as before).
import http from 'node:http';
import net from 'node:net';

const MB = 1024 * 1024;
const SONG_BYTES = 10 * MB;
const CUT_EVERY = 2 * MB;

/** A 44.1 kHz stereo 16-bit WAV (1411 kbps) of `bytes` bytes: an accepted track. */
function song(bytes) {
  const data = bytes - 44;
  const b = Buffer.alloc(bytes);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + data, 4);
  b.write('WAVE', 8, 'ascii');
  b.write('fmt ', 12, 'ascii');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(2, 22);
  b.writeUInt32LE(44100, 24);
  b.writeUInt32LE(44100 * 4, 28);
  b.writeUInt16LE(4, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(data, 40);
  // Not silence: a little noise, so nothing on the way could shrink it.
  for (let i = 44; i < bytes; i += 997) b[i] = (i * 31) & 0xff;
  return b;
}

/**
 * A proxy to target that counts bytes sent upstream and cuts the connection whenever the
 * upload's position in the file reaches the next cut (the position is the PATCH's
 * Upload-Offset plus the bytes since, or for a plain POST the bytes since its start).
 */
async function cuttingProxy(target) {
  const cuts = [];
  for (let at = CUT_EVERY; at < SONG_BYTES; at += CUT_EVERY) cuts.push(at);
  let sent = 0;
  let cutsDone = 0;
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.hostname);
    let base = 0;
    let since = 0;
    let head = '';
    client.on('data', (chunk) => {
      // A new request head on this connection sets where in the file its body starts.
      const text = chunk.subarray(0, Math.min(chunk.length, 2048)).toString('latin1');
      if (/^(PATCH|POST|HEAD|GET|DELETE|OPTIONS) /.test(text)) {
        head = text;
        const offset = /\r\nupload-offset: *(\d+)/i.exec(head);
        base = offset ? Number(offset[1]) : 0;
        since = 0;
      }
      const next = cuts[cutsDone];
      const position = base + since;
      if (next !== undefined && position + chunk.length >= next && /^(PATCH|POST) /.test(head)) {
        const keep = Math.max(0, next - position);
        upstream.end(chunk.subarray(0, keep));
        sent += keep;
        cutsDone += 1;
        client.destroy();
        return;
      }
      since += chunk.length;
      sent += chunk.length;
      upstream.write(chunk);
    });
    upstream.on('data', (d) => client.write(d));
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', () => upstream.end());
    upstream.on('close', close);
    client.on('error', close);
    upstream.on('error', close);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    sent: () => sent,
    cuts: () => cutsDone,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function resumable(base, data) {
  const { Upload } = await import('tus-js-client');
  const proxy = await cuttingProxy(new URL(base));
  try {
    const url = await new Promise((resolve, reject) => {
      const upload = new Upload(data, {
        endpoint: `${proxy.url}/api/uploads/resumable`,
        metadata: { filename: 'song.wav', filetype: 'audio/wav', purpose: 'track' },
        retryDelays: [0, 100, 200, 500, 1000, 1000, 1000],
        onSuccess: (p) => resolve(p.lastResponse.getHeader('Upload-Url')),
        onError: reject,
      });
      upload.start();
    });
    return { url, sent: proxy.sent(), cuts: proxy.cuts() };
  } finally {
    await proxy.close();
  }
}

/** The old way: a multipart POST, started again from byte 0 after each cut. */
async function restartFromZero(base, data) {
  const proxy = await cuttingProxy(new URL(base));
  const boundary = 'benchboundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="song.wav"\r\nContent-Type: audio/wav\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  try {
    for (let attempt = 0; attempt < 10; attempt++) {
      const answer = await new Promise((resolve) => {
        const req = http.request(
          `${proxy.url}/api/uploads`,
          { method: 'POST', agent: false, headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': body.length } },
          (res) => {
            let text = '';
            res.on('data', (d) => (text += d));
            res.on('end', () => resolve({ status: res.statusCode, text }));
            res.on('error', () => resolve(null));
          },
        );
        req.on('error', () => resolve(null));
        req.end(body);
      });
      if (answer?.status === 201) return { url: JSON.parse(answer.text).url, sent: proxy.sent(), cuts: proxy.cuts(), attempts: attempt + 1 };
    }
    throw new Error('the restarted upload never finished');
  } finally {
    await proxy.close();
  }
}

/** Runs both, checks the stored bytes, reports through row(figure, budget, measured, pass). */
export async function uploadsBench(base, { row, notes }) {
  const data = song(SONG_BYTES);
  const tus = await resumable(base, data);
  const stored = Buffer.from(await (await fetch(base + tus.url)).arrayBuffer());
  const whole = stored.equals(data);
  const ratio = tus.sent / data.length;
  row(
    'Upload: 10 MB song, connection cut at 2/4/6/8 MB, resumable (tus)',
    '≤ 1.15 × its size, arrives whole',
    `${ratio.toFixed(3)} × (${(tus.sent / MB).toFixed(2)} MB sent, ${tus.cuts} cuts, ${whole ? 'arrived whole' : 'CORRUPT'})`,
    whole && ratio <= 1.15,
  );
  const restart = await restartFromZero(base, data);
  row(
    'Upload: the same, restarted from byte 0 after each cut (multipart)',
    'for comparison (about 3 ×)',
    `${(restart.sent / data.length).toFixed(3)} × (${(restart.sent / MB).toFixed(2)} MB sent in ${restart.attempts} attempts)`,
    null,
  );
  notes?.push(
    'Upload figure (bench/uploads.mjs): a TCP proxy on 127.0.0.1 counts the bytes the client sends and cuts the connection ' +
      'when the upload first reaches 2, 4, 6 and 8 MB of the 10 MB file; tus-js-client resumes at the offset the server holds.',
  );
}

// Standalone: BENCH_BASE=http://127.0.0.1:PORT node bench/uploads.mjs
if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.env.BENCH_BASE;
  if (!base) throw new Error('set BENCH_BASE to a running server');
  await uploadsBench(base, { row: (...r) => console.log(r.join(' | ')), notes: [] });
}
