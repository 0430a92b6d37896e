import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompiledServer, startCompiledServer, type CompiledServer } from '../../test/compiled-server';
import { listenLocally } from '../../test/listen-locally';

// Two compiled server processes on one PostgreSQL database (docs/now-playing-push.md): a
// change made through one reaches the other's now-playing streams through LISTEN/NOTIFY,
// with no polling, and a process going away leaves the other's streams alone.
const PG_URL = process.env.TEST_DATABASE_URL;
const KEY = 'push-test-admin-key-0123456789';

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin<T>(sql: string): Promise<T | void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

type Running = CompiledServer;

const start = (entry: string, env: Record<string, string>): Promise<Running> =>
  startCompiledServer(entry, { ADMIN_KEY: KEY, DEMO_DATA: 'off', ...env });

/** GET /api/np/events as plain text, its events parsed as they come. */
function listen(url: string) {
  const events: { data: unknown }[] = [];
  let comments = 0;
  let ended = false;
  let buffer = '';
  const req = http.get(`${url}/api/np/events`, { headers: { Accept: 'text/event-stream', 'Accept-Encoding': 'identity' }, agent: false }, (res) => {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith(':')) comments += 1;
        const data = block.split('\n').find((l) => l.startsWith('data: '));
        if (data) events.push({ data: JSON.parse(data.slice(6)) });
        if (data) debug.push(url + ' ' + data.slice(6, 120));
      }
    });
    res.on('close', () => (ended = true));
  });
  req.on('error', () => (ended = true));
  return {
    events,
    comments: () => comments,
    ended: () => ended,
    artist: (i: number) => (events[i]?.data as { nowPlaying: { artist: string } } | undefined)?.nowPlaying.artist,
    close: () => req.destroy(),
  };
}

const debug: unknown[] = [];
async function until(predicate: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what} ${JSON.stringify(debug)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function saveSettings(url: string, change: Record<string, unknown>): Promise<void> {
  const headers = { 'x-admin-key': KEY, 'Content-Type': 'application/json' };
  const settings = (await (await fetch(`${url}/api/settings`, { headers })).json()) as Record<string, unknown>;
  const saved = await fetch(`${url}/api/settings`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ ...settings, streamUrl: '/demo/stream', radioHtmlEmbed: '<audio src="/demo/stream"></audio>', ...change }),
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
}
const rename = (url: string, displayName: string) => saveSettings(url, { displayName });

/** An Icecast status-json upstream on 127.0.0.1: the test sets its title and counts its fetches. */
async function icecast() {
  let title = 'Kes - Hello';
  let fetches = 0;
  const server = http.createServer((_req, res) => {
    fetches += 1;
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ icestats: { source: { title, listeners: 5, server_name: 'Test' } } }));
  });
  const base = await listenLocally(server);
  return {
    url: `${base}/status-json.xsl`,
    fetches: () => fetches,
    play: (next: string) => (title = next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!PG_URL)('two server processes on one PostgreSQL database, now-playing pushed between them', () => {
  let dir = '';
  let entry = '';
  const name = `push_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  let a: Running;
  let b: Running;

  beforeAll(async () => {
    ({ dir, entry } = await buildCompiledServer('radio-push-'));
    await admin(`create database ${name}`);
    const env = {
      DATABASE_URL: withDatabase(PG_URL!, name),
      UPLOAD_DIR: path.join(dir, 'uploads'),
      // Heartbeats show a stream is still alive. The checks keep their defaults (the upstream's
      // chance every 10 s, a look every minute), so only the push can bring a change within
      // the test's 2 s.
      NP_EVENTS_HEARTBEAT_MS: '200',
      // The stand-in station listens on 127.0.0.1.
      UPSTREAM_ALLOW_PRIVATE: 'on',
    };
    // One at a time: both run the migrations at start.
    a = await start(entry, env);
    b = await start(entry, env);
  }, 60_000);

  afterAll(async () => {
    for (const s of [a, b]) {
      if (s && s.child.exitCode === null && s.child.signalCode === null) {
        s.child.kill('SIGTERM');
        await s.exited;
      }
    }
    await admin(`drop database if exists ${name} with (force)`).catch(() => {});
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a new upstream song, fetched once by whichever process, reaches the listeners of both within 2 s of each other', async () => {
    const upstream = await icecast();
    const onA = listen(a.url);
    const onB = listen(b.url);
    try {
      await until(() => onA.events.length >= 1 && onB.events.length >= 1, 5_000, 'the opening events');
      await saveSettings(a.url, { npJsonUrl: upstream.url });
      const title = (l: ReturnType<typeof listen>) => (l.events.at(-1)?.data as { nowPlaying: { title: string } } | undefined)?.nowPlaying.title;
      await until(() => title(onA) === 'Hello' && title(onB) === 'Hello', 5_000, 'both on the upstream song');
      const fetchesBefore = upstream.fetches();
      upstream.play('Machel Montano - Like Ah Boss');
      // The next fetch is up to 20 s away (each process gives the upstream its chance every
      // 10 s, and it is fetched at most once per 10 s across both).
      await until(() => title(onA) === 'Like Ah Boss' || title(onB) === 'Like Ah Boss', 25_000, 'the new song on either');
      await until(() => title(onA) === 'Like Ah Boss' && title(onB) === 'Like Ah Boss', 2_000, 'the new song on both');
      expect(upstream.fetches() - fetchesBefore).toBe(1);
    } finally {
      onA.close();
      onB.close();
      await saveSettings(a.url, { npJsonUrl: '' });
      await upstream.close();
    }
  }, 45_000);

  it('a listener on B sees a change made through A within 2 s; with A killed, B keeps its streams', async () => {
    const onB = listen(b.url);
    const onA = listen(a.url);
    await until(() => onB.events.length === 1 && onA.events.length === 1, 5_000, 'the opening events');
    expect(onB.artist(0)).toBe('Watzhott');

    await rename(a.url, 'Watzhott Carnival Live');
    await until(() => onB.events.length === 2, 2_000, "B's listener seeing A's change");
    expect(onB.artist(1)).toBe('Watzhott Carnival Live');
    await until(() => onA.events.length === 2, 2_000, "A's own listener");
    expect(onA.artist(1)).toBe('Watzhott Carnival Live');

    // A dies without a word: B's listener keeps its stream and its changes.
    a.child.kill('SIGKILL');
    await a.exited;
    await until(() => onA.ended(), 2_000, "A's stream ending");
    const beats = onB.comments();
    await until(() => onB.comments() >= beats + 2, 2_000, 'heartbeats on B after A died');
    expect(onB.ended()).toBe(false);
    await rename(b.url, 'Watzhott After Midnight');
    await until(() => onB.events.length === 3, 2_000, "B's own change");
    expect(onB.artist(2)).toBe('Watzhott After Midnight');
    onB.close();
  }, 30_000);
});
