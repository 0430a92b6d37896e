import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocally } from '../../test/listen-locally';
import { fetchUpstream, MAX_UPSTREAM_BYTES } from './now-playing.fetch';

// The upstream fetch alone (now-playing.fetch.ts): size, redirects, private addresses, gzip and
// time-outs, against a real HTTP server on 127.0.0.1. The poller and routes around it are
// tested in now-playing.upstream.test.ts.

const fixture = (name: string): string => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');

type Reply = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const LOCAL = { allowPrivate: true };

describe('fetchUpstream', () => {
  let server: http.Server;
  let base = '';
  let reply: Reply = (_req, res) => res.end();
  beforeAll(async () => {
    server = http.createServer((req, res) => reply(req, res));
    base = await listenLocally(server);
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('parses a good document', async () => {
    reply = (_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(fixture('shoutcast-stats.json'));
    expect(await fetchUpstream(`${base}/stats?json=1`, 1_000, LOCAL)).toMatchObject({ ok: true, data: { format: 'shoutcast', listeners: 14 } });
  });

  it('refuses a document larger than it could ever need, declared or streamed', async () => {
    const huge = Buffer.alloc(MAX_UPSTREAM_BYTES + 10, 0x20);
    reply = (_req, res) => res.writeHead(200, { 'Content-Length': String(huge.length) }).end(huge);
    expect(await fetchUpstream(`${base}/big`, 2_000, LOCAL)).toEqual({ ok: false, reason: 'too large' });
    reply = (_req, res) => {
      res.writeHead(200);
      res.write(huge.subarray(0, MAX_UPSTREAM_BYTES));
      res.end(huge.subarray(MAX_UPSTREAM_BYTES));
    };
    expect(await fetchUpstream(`${base}/big-chunked`, 2_000, LOCAL)).toEqual({ ok: false, reason: 'too large' });
  });

  it('follows redirects only to the same host', async () => {
    const asked: string[] = [];
    const port = new URL(base).port;
    reply = (req, res) => {
      asked.push(`${req.headers.host} ${req.url}`);
      if (req.url === '/moved') return res.writeHead(302, { Location: '/stats?json=1' }).end();
      if (req.url === '/elsewhere') return res.writeHead(301, { Location: `http://localhost:${port}/stats?json=1` }).end();
      if (req.url === '/loop') return res.writeHead(302, { Location: '/loop' }).end();
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(fixture('shoutcast-stats.json'));
    };
    expect(await fetchUpstream(`${base}/moved`, 1_000, LOCAL)).toMatchObject({ ok: true, data: { format: 'shoutcast' } });
    expect(asked).toEqual([`127.0.0.1:${port} /moved`, `127.0.0.1:${port} /stats?json=1`]);
    asked.length = 0;
    // localhost is the same machine but another host name: an admin-set URL must not be
    // steered by its upstream to another host (say, a service only the server can reach).
    expect(await fetchUpstream(`${base}/elsewhere`, 1_000, LOCAL)).toMatchObject({ ok: false, reason: expect.stringMatching(/redirect/) });
    expect(asked).toEqual([`127.0.0.1:${port} /elsewhere`]);
    expect(await fetchUpstream(`${base}/loop`, 1_000, LOCAL)).toMatchObject({ ok: false, reason: expect.stringMatching(/redirect/) });
  });

  it('refuses this machine unless allowed, every redirect hop included, without throwing', async () => {
    let asked = 0;
    reply = (_req, res) => {
      asked += 1;
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(fixture('shoutcast-stats.json'));
    };
    const strict = { allowPrivate: false };
    for (const url of [`${base}/stats`, base.replace('127.0.0.1', 'localhost') + '/stats', `http://[::ffff:127.0.0.1]:${new URL(base).port}/stats`]) {
      expect(await fetchUpstream(url, 1_000, strict)).toEqual({ ok: false, reason: expect.stringContaining('UPSTREAM_ALLOW_PRIVATE=on') });
    }
    expect(asked).toBe(0);
  });

  it('reads a gzipped document', async () => {
    reply = (_req, res) => res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }).end(gzipSync(fixture('shoutcast-stats.json')));
    expect(await fetchUpstream(`${base}/stats?json=1`, 1_000, LOCAL)).toMatchObject({ ok: true, data: { format: 'shoutcast' } });
  });

  it('times out, never throws', async () => {
    reply = () => undefined;
    expect(await fetchUpstream(`${base}/hang`, 100, LOCAL)).toEqual({ ok: false, reason: 'timeout' });
    expect((await fetchUpstream('http://127.0.0.1:1/refused', 1_000, LOCAL)).ok).toBe(false);
    expect((await fetchUpstream('not a url', 1_000, LOCAL)).ok).toBe(false);
  });
});
