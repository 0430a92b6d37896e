// The client process of the listeners bench (bench/listeners.mjs, issue 17): thousands of raw
// sockets holding GET /api/np/events, a bounded number connecting at once, and the time from a
// change until each has the event. Driven over IPC (open, change, close) by bench/listeners.mjs,
// which runs it as `node bench/lib/listeners-client.mjs` with its open-file limit raised.
import http from 'node:http';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

function clientProcess() {
  let sockets = [];
  const REQUEST = (port) => Buffer.from(`GET /api/np/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\nCache-Control: no-cache\r\nAccept-Encoding: gzip, deflate, br\r\n\r\n`);

  async function open({ port, count, local }) {
    const request = REQUEST(port);
    let errors = 0;
    let next = 0;
    sockets = new Array(count);
    const one = (i) =>
      new Promise((resolve) => {
        const socket = net.connect({ host: '127.0.0.1', port, localAddress: local });
        const s = { socket, status: 0, armed: false, at: 0, error: false, sample: i === 0 ? [] : null };
        sockets[i] = s;
        socket.on('connect', () => socket.write(request));
        socket.on('data', (chunk) => {
          if (s.status === 0) {
            s.status = Number(chunk.toString('latin1', 9, 12));
            if (s.status !== 200) s.error = true;
            resolve();
          } else if (s.armed && s.at === 0) s.at = performance.now();
          if (s.sample) s.sample.push(chunk);
        });
        socket.on('error', () => {
          s.error = true;
          resolve();
        });
        socket.on('close', () => resolve());
      });
    const workers = Array.from({ length: 200 }, async () => {
      while (next < count) await one(next++);
    });
    await Promise.all(workers);
    for (const s of sockets) if (s.error) errors += 1;
    return { errors };
  }

  async function change({ trigger, expectText }) {
    for (const s of sockets) {
      s.armed = true;
      s.at = 0;
      // The opening chunks may have come in more than one read: what follows the trigger counts.
      if (s.sample) s.sample.push(Buffer.from('\u0000MARK\u0000'));
    }
    // node:http rather than fetch: fetch loads undici on first use, which would be timed too.
    const send = () =>
      new Promise((resolve, reject) => {
        const req = http.request(trigger.url, { method: trigger.method, headers: { ...trigger.headers, 'content-length': Buffer.byteLength(trigger.body) }, agent: false }, (res) => {
          res.resume();
          res.on('end', () => (res.statusCode < 400 ? resolve() : reject(new Error(`trigger answered ${res.statusCode}`))));
        });
        req.on('error', reject);
        req.end(trigger.body);
      });
    const t0 = performance.now();
    await send();
    const deadline = Date.now() + 30_000;
    const live = () => sockets.filter((s) => !s.error && s.at === 0).length;
    while (live() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const times = sockets.filter((s) => s.at > 0).map((s) => s.at - t0).sort((a, b) => a - b);
    const pick = (q) => (times.length ? times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] : NaN);
    // One stream decoded in full: the event after the change names the new display name.
    let verified = false;
    const sample = sockets[0]?.sample;
    if (sample) {
      const raw = Buffer.concat(sample.filter((b) => b.toString('latin1') !== '\u0000MARK\u0000'));
      const bodyStart = raw.indexOf('\r\n\r\n') + 4;
      const chunked = raw.subarray(bodyStart);
      const parts = [];
      let at = 0;
      while (at < chunked.length) {
        const lineEnd = chunked.indexOf('\r\n', at);
        if (lineEnd < 0) break;
        const size = parseInt(chunked.toString('latin1', at, lineEnd), 16);
        if (!size) break;
        parts.push(chunked.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
      try {
        const text = zlib.gunzipSync(Buffer.concat(parts), { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString('utf8');
        verified = text.includes(expectText);
      } catch {
        verified = false;
      }
    }
    return {
      p50: pick(0.5),
      p99: pick(0.99),
      max: times.at(-1) ?? NaN,
      received: times.length,
      missing: sockets.filter((s) => !s.error && s.at === 0).length,
      errors: sockets.filter((s) => s.error).length + (verified ? 0 : 1),
      verified,
    };
  }

  async function close() {
    for (const s of sockets) s.socket.destroy();
    sockets = [];
    await new Promise((r) => setTimeout(r, 200));
    return {};
  }

  const handlers = { open, change, close };
  process.on('message', async ({ id, cmd, args }) => {
    try {
      process.send({ id, result: await handlers[cmd](args) });
    } catch (e) {
      process.send({ id, error: e.message });
    }
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) clientProcess();
