import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { serverNodeOptions } from '../lib/server-node-options.mjs';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const ADMIN_KEY = 'reliability-admin-key-0123456789';
export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * The compiled server under test: `dist/server/index.js` (npm run build:server) unless
 * RELIABILITY_SERVER_ENTRY names another build (SERVER_OUT_DIR=dist-rel/server …); cli.js beside it.
 * APP_DIR as for the server itself (default dist/app).
 */
export const SERVER_ENTRY = path.resolve(ROOT, process.env.RELIABILITY_SERVER_ENTRY || 'dist/server/index.js');
export const CLI_ENTRY = path.join(path.dirname(SERVER_ENTRY), 'cli.js');
export const APP_DIR = path.resolve(ROOT, process.env.APP_DIR || 'dist/app');
const MEMORY_PROBE = path.join(import.meta.dirname, 'memory-probe.cjs');
/** The Node options `npm start` gives the server: the suite's memory bounds hold for the server as it is run. */
const SERVER_NODE_OPTIONS = serverNodeOptions(ROOT);

/** Fails early, with the command to run, when the build is missing; warns when it is older than the source. */
export function checkBuild(): void {
  for (const file of [SERVER_ENTRY, CLI_ENTRY]) {
    if (!fs.existsSync(file)) {
      throw new Error(`${path.relative(ROOT, file)} is missing: run \`npm run build:server\` (or build elsewhere with SERVER_OUT_DIR and point RELIABILITY_SERVER_ENTRY at its index.js).`);
    }
  }
  const built = fs.statSync(SERVER_ENTRY).mtimeMs;
  const newest = (dir: string): number =>
    fs.readdirSync(dir, { withFileTypes: true }).reduce((m, e) => {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) return Math.max(m, newest(p));
      return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? Math.max(m, fs.statSync(p).mtimeMs) : m;
    }, 0);
  const source = Math.max(newest(path.join(ROOT, 'server')), newest(path.join(ROOT, 'domain')));
  if (source > built) console.warn(`warning: ${path.relative(ROOT, SERVER_ENTRY)} is older than server/ or domain/ source; rebuild to test the current code.`);
}

export type Engine = 'sqlite' | 'postgres';
export const ENGINE_NAME: Record<Engine, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

const pgAdmin = () => knexFactory({ client: 'pg', connection: PG_URL, pool: { min: 0, max: 1 } });

/** A database of its own: a new SQLite file in `dir`, or a new PostgreSQL database (dropped by `drop`). */
export async function freshDatabase(engine: Engine, dir: string, label: string): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  if (engine === 'sqlite') {
    const file = path.join(dir, `${label}-${randomUUID().slice(0, 8)}.sqlite3`);
    return { url: `sqlite:${file}`, name: file, drop: async () => undefined };
  }
  const name = `rel_${label.replace(/\W/g, '_')}_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const admin = pgAdmin();
  try {
    await admin.raw(`create database ${name}`);
  } finally {
    await admin.destroy();
  }
  return {
    url: withDatabase(PG_URL, name),
    name,
    drop: async () => {
      const a = pgAdmin();
      try {
        await a.raw(`drop database if exists ${name} with (force)`);
      } finally {
        await a.destroy();
      }
    },
  };
}

/** A Knex handle of the test's own on the server's database, for checking what is stored. */
export function openDb(url: string): Knex {
  return url.startsWith('sqlite:')
    ? knexFactory({ client: 'sqlite3', connection: { filename: url.slice('sqlite:'.length) }, useNullAsDefault: true })
    : knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 2 } });
}

/** Prayer ids stored, and PRAGMA integrity_check on SQLite ('ok' on PostgreSQL, which has none). */
export async function storedPrayers(url: string): Promise<{ ids: Set<string>; integrity: string }> {
  const db = openDb(url);
  try {
    const integrity = url.startsWith('sqlite:')
      ? ((await db.raw('PRAGMA integrity_check')) as { integrity_check: string }[]).map((r) => r.integrity_check).join(',')
      : 'ok';
    const rows = (await db('prayers').select('id')) as { id: string }[];
    return { ids: new Set(rows.map((r) => r.id)), integrity };
  } finally {
    await db.destroy();
  }
}

export interface MemorySample {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  gc: boolean;
  gcMs: number;
}

export interface Running {
  child: ChildProcess;
  port: number;
  url: string;
  /** The last 64 KB the server wrote (stdout and stderr). */
  output: () => string;
  /** Every line it wrote that matched one of `watch`, counted. */
  watched: () => number;
  exit: Promise<number | null>;
  /** process.memoryUsage() of the server, after two full GCs when `gc` (memory-probe.cjs). */
  memory: (gc: boolean) => Promise<MemorySample>;
}

export interface StartOptions {
  /** Server output lines are scanned for these (e.g. text that must never be logged). */
  watch?: string[];
}

/** Starts the compiled server on 127.0.0.1 (any free port) with the memory probe preloaded. */
export function startServer(env: Record<string, string>, options: StartOptions = {}): Promise<Running> {
  const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, '--expose-gc', '--require', MEMORY_PROBE, SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      ADMIN_KEY,
      TRUST_PROXY: 'on',
      // Production settings: request logging on, as a deployed server runs.
      NODE_ENV: 'production',
      ...(fs.existsSync(APP_DIR) ? { APP_DIR } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  let out = '';
  let head = '';
  let watched = 0;
  let partial = '';
  const watch = options.watch ?? [];
  const onData = (d: Buffer) => {
    const text = d.toString('utf8');
    if (head.length < 4096) head += text;
    out = (out + text).slice(-65_536);
    if (watch.length) {
      const lines = (partial + text).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) if (watch.some((w) => line.includes(w))) watched += 1;
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let nextId = 0;
  const pending = new Map<number, (m: MemorySample) => void>();
  child.on('message', (msg: { type?: string; id?: number } & MemorySample) => {
    if (msg?.type === 'memory' && typeof msg.id === 'number') pending.get(msg.id)?.(msg);
  });
  const memory = (gc: boolean) =>
    new Promise<MemorySample>((resolve, reject) => {
      const id = ++nextId;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error('memory probe did not answer'));
      }, 10_000);
      pending.set(id, (m) => {
        clearTimeout(timer);
        pending.delete(id);
        resolve(m);
      });
      child.send({ type: 'memory', id, gc });
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 30_000);
    const check = () => {
      const m = /Listening on http:\/\/[^:]+:(\d+)/.exec(head);
      if (m) {
        clearTimeout(timer);
        child.stdout!.off('data', check);
        const port = Number(m[1]);
        resolve({ child, port, url: `http://127.0.0.1:${port}`, output: () => out, watched: () => watched, exit, memory });
      }
    };
    child.stdout!.on('data', check);
    void exit.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code}:\n${out}`));
    });
  });
}

/** Servers still running when the test process ends (a test timed out) are killed with it. */
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

/** SIGTERM and wait, at most 30 s (the server forces its own exit after 25 s); the exit code. */
export async function stopServer(s: Running): Promise<number | null> {
  if (s.child.exitCode !== null || s.child.signalCode !== null) return s.exit;
  s.child.kill('SIGTERM');
  const timer = setTimeout(() => s.child.kill('SIGKILL'), 30_000);
  try {
    return await s.exit;
  } finally {
    clearTimeout(timer);
  }
}

export const rssMb = (pid: number): number => {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
};

export const mb = (bytes: number) => bytes / 2 ** 20;
export const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : String(n));

let ipCounter = 0;
/** A new client address per call (X-Forwarded-For, TRUST_PROXY on): rate limits never interfere. */
export function nextAddress(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** fetch with a hard bound: never hangs the test. */
export async function boundedFetch(url: string, init: RequestInit = {}, ms = 15_000): Promise<Response> {
  return fetch(url, { ...init, signal: AbortSignal.timeout(ms) });
}

export async function postPrayer(base: string, text: string, headers: Record<string, string> = {}): Promise<{ status: number; id?: string }> {
  const res = await boundedFetch(`${base}/api/prayers?tenant=caribbean`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress(), ...headers },
    body: JSON.stringify({ text }),
  });
  const body = (await res.json().catch(() => ({}))) as { id?: string };
  return { status: res.status, id: body.id };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

declare module 'vitest' {
  interface TaskMeta {
    /** Figures of a reliability test, one Markdown bullet each, for bench/RESULTS.md (results-reporter.ts). */
    figures?: string[];
  }
}
