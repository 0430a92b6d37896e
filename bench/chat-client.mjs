// One client process of the chat bench (bench/chat.mjs): holds its share of the 5,000
// GET /api/chat/events streams on raw sockets, as EventSource asks for them, and counts every
// byte each one receives (status line, headers, chunk framing, body). Each HTTP chunk is
// charged to the SSE frame its data completes, so a heartbeat and a message are told apart
// even when they arrive in one read. Commands come over IPC from bench/chat.mjs.
import net from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** Milliseconds since the epoch at sub-millisecond resolution: one clock for every process. */
const now = () => performance.timeOrigin + performance.now();

/** A chat stream: its bytes by kind of frame, and when each message (by id) arrived. */
function stream(s, onMessage) {
  let raw = Buffer.alloc(0);
  let head = false;
  let text = '';
  let owed = 0;
  const frames = () => {
    let at;
    while ((at = text.indexOf('\n\n')) >= 0) {
      const frame = text.slice(0, at);
      text = text.slice(at + 2);
      const kind = frame.startsWith(':') ? 'heartbeat' : frame.startsWith('retry:') ? 'retry' : /^event: (?!message\n)/m.test(frame) ? 'other' : 'message';
      s.bytes[kind] += owed;
      s.frames[kind] += 1;
      owed = 0;
      if (kind === 'retry') s.opened = true;
      if (kind === 'message') {
        const data = /^data: (.*)$/m.exec(frame)?.[1];
        if (data) onMessage(JSON.parse(data).id, Buffer.byteLength(frame) + 2);
      }
    }
  };
  return (d) => {
    raw = raw.length ? Buffer.concat([raw, d]) : d;
    if (!head) {
      const end = raw.indexOf('\r\n\r\n');
      if (end < 0) return;
      s.status = Number(raw.toString('latin1', 9, 12));
      s.chunked = /\r\ntransfer-encoding: chunked/i.test(raw.toString('latin1', 0, end));
      s.bytes.head += end + 4;
      raw = raw.subarray(end + 4);
      head = true;
    }
    // Chunked transfer coding: "<size hex>\r\n<data>\r\n".
    for (;;) {
      const line = raw.indexOf('\r\n');
      if (line < 0) return;
      const size = parseInt(raw.toString('latin1', 0, line), 16);
      if (raw.length < line + 2 + size + 2) return;
      owed += line + 2 + size + 2;
      text += raw.toString('utf8', line + 2, line + 2 + size);
      raw = raw.subarray(line + 2 + size + 2);
      frames();
    }
  };
}

function clientProcess() {
  let sockets = [];
  /** message id → arrival times (epoch ms) at every stream of this process */
  let arrivals = new Map();
  const frameSizes = [];
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();

  const empty = () => ({ head: 0, retry: 0, heartbeat: 0, message: 0, other: 0 });

  async function open({ port, from, count, perAddress }) {
    sockets = new Array(count);
    let next = 0;
    const one = (i) =>
      new Promise((resolve) => {
        const n = from + i;
        // A carrier-grade NAT: `perAddress` phones behind each address (TRUST_PROXY=on).
        const address = `10.44.${Math.floor(n / perAddress) >> 8}.${Math.floor(n / perAddress) & 255}`;
        const request = `GET /api/chat/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\nCache-Control: no-cache\r\nAccept-Encoding: gzip, deflate, br, zstd\r\nX-Forwarded-For: ${address}\r\n\r\n`;
        const s = { status: 0, opened: false, error: false, chunked: false, bytes: empty(), frames: empty(), beats: i === 0 ? [] : null };
        const parse = stream(s, (id, size) => {
          let list = arrivals.get(id);
          if (!list) arrivals.set(id, (list = []));
          list.push(now());
          if (i === 0) frameSizes.push(size);
        });
        const socket = net.connect({ host: '127.0.0.1', port });
        s.socket = socket;
        sockets[i] = s;
        socket.on('connect', () => socket.write(request));
        socket.on('data', (d) => {
          const beatsBefore = s.frames.heartbeat;
          parse(d);
          if (s.beats && s.frames.heartbeat > beatsBefore) s.beats.push(now());
          if (s.opened || (s.status && s.status !== 200)) resolve();
        });
        socket.on('error', () => {
          s.error = true;
          resolve();
        });
        socket.on('close', () => {
          s.closed = true;
          resolve();
        });
      });
    const workers = Array.from({ length: 50 }, async () => {
      while (next < count) await one(next++);
    });
    await Promise.all(workers);
    return { errors: sockets.filter((s) => s.error || s.status !== 200 || !s.chunked).length, statuses: [...new Set(sockets.map((s) => s.status))] };
  }

  /** Bytes and frames each stream received since the last mark, summed by kind, then zeroed. */
  function mark() {
    const totals = sockets.map((s) => Object.values(s.bytes).reduce((a, b) => a + b, 0));
    const sum = empty();
    const frames = empty();
    for (const s of sockets) {
      for (const k of Object.keys(sum)) {
        sum[k] += s.bytes[k];
        frames[k] += s.frames[k];
      }
      s.bytes = empty();
      s.frames = empty();
    }
    const result = {
      streams: sockets.length,
      totals,
      sum,
      frames,
      closed: sockets.filter((s) => s.closed || s.error).length,
      beats: sockets[0]?.beats?.splice(0) ?? [],
      frameSizes: frameSizes.splice(0),
      lagP99Ms: lag.percentile(99) / 1e6,
      lagMaxMs: lag.max / 1e6,
    };
    lag.reset();
    return result;
  }

  /** Arrival times of the given messages at every stream here, then forgotten. */
  function arrivalsOf({ ids }) {
    const out = {};
    for (const id of ids) {
      out[id] = arrivals.get(id) ?? [];
      arrivals.delete(id);
    }
    return out;
  }

  async function close() {
    for (const s of sockets) s.socket.destroy();
    sockets = [];
    arrivals = new Map();
    return {};
  }

  const handlers = { open, mark, arrivals: arrivalsOf, close };
  process.on('message', async ({ id, cmd, args }) => {
    try {
      process.send({ id, result: await handlers[cmd](args) });
    } catch (e) {
      process.send({ id, error: e.stack ?? e.message });
    }
  });
  process.on('disconnect', () => process.exit(0));
}

clientProcess();
