// The upload figure of `npm run bench` (issue 12, docs/uploads.md): a 10 MB song over a
// connection that is cut each time the upload reaches another 2 MB of the file (at 2, 4, 6 and
// 8 MB, once each: a phone crossing dead zones). Sent through a TCP proxy on 127.0.0.1 that
// counts every byte the client sends. Resumable (tus-js-client, as the app) against the
// upload restarted from byte 0 each time (a plain multipart POST, as before).
import http from 'node:http';
import { cuttingProxy } from './lib/cutting-proxy.mjs';
import { wav } from './lib/wav.mjs';

const MB = 1024 * 1024;
const SONG_BYTES = 10 * MB;
const CUT_EVERY = 2 * MB;

/** A 44.1 kHz stereo 16-bit WAV (1411 kbps) of `bytes` bytes: an accepted track. */
function song(bytes) {
  const b = wav(44100, 2, 16, (bytes - 44) / 4 / 44100);
  // Not silence: a little noise, so nothing on the way could shrink it.
  for (let i = 44; i < bytes; i += 997) b[i] = (i * 31) & 0xff;
  return b;
}

/** Cuts each time the upload reaches another CUT_EVERY of the file; a restarted POST is cut too. */
function uploadCuttingProxy(target) {
  const cuts = [];
  for (let at = CUT_EVERY; at < SONG_BYTES; at += CUT_EVERY) cuts.push(at);
  return cuttingProxy(target, { cuts, methods: ['PATCH', 'POST'] });
}

async function resumable(base, data) {
  const { Upload } = await import('tus-js-client');
  const proxy = await uploadCuttingProxy(new URL(base));
  try {
    let token;
    const url = await new Promise((resolve, reject) => {
      const upload = new Upload(data, {
        endpoint: `${proxy.url}/api/uploads/resumable`,
        metadata: { filename: 'song.wav', filetype: 'audio/wav', purpose: 'track' },
        retryDelays: [0, 100, 200, 500, 1000, 1000, 1000],
        // The upload's token, answered at creation, goes with every later call (docs/uploads.md "Ownership").
        onBeforeRequest: (req) => {
          if (req.getMethod() !== 'POST' && token) req.setHeader('Upload-Token', token);
        },
        onAfterResponse: (req, res) => {
          if (req.getMethod() === 'POST') token = res.getHeader('Upload-Token') ?? token;
        },
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
  const proxy = await uploadCuttingProxy(new URL(base));
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
