import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server';
import { testConfig } from '../test/test-app';
import { DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from './connection-limits';

// Issue 30: caps were per address only, and Node keeps a connection that sends nothing for
// 60 s (its head timeout, checked every 30 s) and one stuck mid-request for 5 minutes.
// docs/api.md "Connections": a process-wide ceiling (503 + Retry-After) and shorter timeouts.

function raw(port: number): net.Socket {
  return net.connect(port, '127.0.0.1');
}

/** Resolves with how long the socket stayed open, or `limitMs` if it is still open then. */
function closedWithin(socket: net.Socket, limitMs: number): Promise<number> {
  const started = Date.now();
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(limitMs), limitMs);
    socket.on('error', () => {});
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
  });
}

/** One whole GET on a fresh connection: status line, headers and body as text. */
function get(port: number, route: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = raw(port);
    let text = '';
    s.on('data', (d) => (text += d));
    s.on('end', () => resolve(text));
    s.on('error', reject);
    s.write(`GET ${route} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  });
}

describe('connections: one ceiling for the process, shorter timeouts', () => {
  let dir: string;
  const servers: RunningServer[] = [];
  const sockets: net.Socket[] = [];
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'radio-connections-'));
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    for (const s of servers) await s.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function start(name: string, connections: Partial<ConnectionLimits>): Promise<number> {
    const config = testConfig(dir, `sqlite:${path.join(dir, `${name}.sqlite3`)}`, { connections: { ...DEFAULT_CONNECTION_LIMITS, ...connections } });
    const running = await startServer(config, () => {});
    servers.push(running);
    return Number(new URL(running.url).port);
  }

  it('answers 503 with Retry-After on a connection past MAX_CONNECTIONS, and serves again once one closes', async () => {
    const port = await start('ceiling', { maxConnections: 2 });
    // Two connections held open mid-head (slow or half-open clients).
    const held = [raw(port), raw(port)];
    sockets.push(...held);
    for (const s of held) {
      s.on('error', () => {});
      s.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    }
    await new Promise((r) => setTimeout(r, 200));
    const busy = await get(port, '/api/health');
    expect(busy).toMatch(/^HTTP\/1\.1 503 /);
    expect(busy).toMatch(/\r\nretry-after: 5\r\n/i);
    expect(busy).toMatch(/\r\nconnection: close\r\n/i);
    expect(busy).toMatch(/"error":"The server is busy/);

    held[0]!.destroy();
    await new Promise((r) => setTimeout(r, 200));
    expect(await get(port, '/api/health')).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('closes a connection that sends nothing, and one gone quiet mid-request, within seconds', async () => {
    const port = await start('timeouts', { headersTimeoutMs: 500, idleTimeoutMs: 800 });
    const silent = raw(port);
    const midBody = raw(port);
    sockets.push(silent, midBody);
    // Headers whole, the promised body never comes: Node alone would wait 5 minutes.
    midBody.write('POST /api/artists HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"te');
    const [silentMs, midBodyMs] = await Promise.all([closedWithin(silent, 5_000), closedWithin(midBody, 5_000)]);
    expect(silentMs).toBeLessThan(3_000);
    expect(midBodyMs).toBeLessThan(3_000);
    // A live client is not hurt.
    expect(await get(port, '/api/health')).toMatch(/^HTTP\/1\.1 200 /);
  });
});
