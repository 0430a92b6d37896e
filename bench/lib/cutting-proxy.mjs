// A TCP proxy on 127.0.0.1 that cuts uploads (and downloads of /uploads/ files) mid-way, as a phone crossing dead zones does
// (docs/uploads.md). Used by the upload bench (bench/uploads.mjs), the end-to-end upload test
// (e2e/uploads.spec.ts) and the offline tests (e2e/offline.spec.ts, the whole link down); plain
// JavaScript so all of them can import it.
import net from 'node:net';

/**
 * A proxy to `target` that cuts a request's connection when the upload's position in the
 * file reaches the next of `cuts` (once each). The position is the request's Upload-Offset
 * (a tus PATCH) plus the body bytes since, or for a request without one the bytes since its
 * start. Only requests of `methods` are cut. With `deadMs`, a cut starts a dead zone: every
 * open connection is dropped and new ones are refused for that long. `sent()` counts every
 * byte passed on upstream. `down()` and `up()` take the whole link down and back.
 */
export async function cuttingProxy(target, { cuts, methods = ['PATCH'], deadMs = 0, downloadCuts = [] }) {
  let deadUntil = 0;
  let done = 0;
  let sent = 0;
  // Downloads (GET /uploads/…, an episode saved for offline): a response is cut once the bytes
  // passed to the client for it reach the next of downloadCuts (once each; armDownloadCut adds one).
  const pendingDownloadCuts = [...downloadCuts];
  let downloadCutsDone = 0;
  let delivered = 0;
  let uploadsDelivered = 0;
  const open = new Set();
  const server = net.createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    if (Date.now() < deadUntil) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port), target.hostname);
    let base = 0;
    let since = 0;
    let cutting = false;
    let inHead = false;
    let downloading = false;
    let downSince = 0;
    client.on('data', (chunk) => {
      const text = chunk.subarray(0, Math.min(chunk.length, 4096)).toString('latin1');
      // A new request head on this connection sets where in the file its body starts.
      if (/^[A-Z]+ \//.test(text)) {
        cutting = methods.some((method) => text.startsWith(`${method} `));
        downloading = text.startsWith('GET /uploads/');
        downSince = 0;
        inHead = true;
        base = 0;
        since = 0;
      }
      // The head may come in more than one chunk: its Upload-Offset is read wherever it is.
      if (inHead) {
        const offset = /upload-offset: *(\d+)/i.exec(text);
        if (offset) base = Number(offset[1]);
        if (text.includes('\r\n\r\n')) inHead = false;
      }
      const next = cuts[done];
      if (cutting && next !== undefined && base + since + chunk.length >= next) {
        const keep = Math.max(0, next - base - since);
        upstream.end(chunk.subarray(0, keep));
        sent += keep;
        done += 1;
        if (deadMs > 0) {
          deadUntil = Date.now() + deadMs;
          // A dead zone drops every connection, kept-alive ones too.
          for (const socket of open) if (socket !== client) socket.destroy();
        }
        client.destroy();
        return;
      }
      since += chunk.length;
      sent += chunk.length;
      upstream.write(chunk);
    });
    upstream.on('data', (d) => {
      const next = pendingDownloadCuts[0];
      if (downloading && next !== undefined && downSince + d.length >= next) {
        const keep = Math.max(0, next - downSince);
        pendingDownloadCuts.shift();
        downloadCutsDone += 1;
        delivered += keep;
        uploadsDelivered += keep;
        client.write(d.subarray(0, keep), () => client.destroy());
        upstream.destroy();
        return;
      }
      downSince += d.length;
      delivered += d.length;
      if (downloading) uploadsDelivered += d.length;
      client.write(d);
    });
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
    cuts: () => done,
    delivered: () => delivered,
    uploadsDelivered: () => uploadsDelivered,
    downloadCuts: () => downloadCutsDone,
    armDownloadCut: (bytes) => {
      pendingDownloadCuts.push(bytes);
    },
    // The whole link down until up(): open connections dropped, new ones refused, so nothing
    // reaches the server whatever the browser believes about its connection.
    down: () => {
      deadUntil = Infinity;
      for (const socket of open) socket.destroy();
    },
    up: () => {
      deadUntil = 0;
    },
    close: () => {
      // A browser's keep-alive connections would hold close() open.
      for (const socket of open) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
