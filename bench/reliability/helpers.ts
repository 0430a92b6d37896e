import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const ADMIN_KEY = 'reliability-admin-key-0123456789';
export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Builds the server like `npm run build:server` into a temp folder; returns the folder and entry. */
export async function buildServer(): Promise<{ dir: string; entry: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'radio-rel-'));
  const entry = path.join(dir, 'index.js');
  await build({
    entryPoints: [path.join(ROOT, 'server', 'index.ts')],
    outfile: entry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
    absWorkingDir: ROOT,
    nodePaths: [path.join(ROOT, 'node_modules')],
  });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  return { dir, entry };
}

export interface Running {
  child: ChildProcess;
  port: number;
  url: string;
  output: () => string;
  exit: Promise<number | null>;
}

export function startServer(entry: string, env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, [entry], {
    cwd: path.dirname(entry),
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ADMIN_KEY, TRUST_PROXY: 'on', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 30_000);
    const check = () => {
      const m = /Listening on http:\/\/[^:]+:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        const port = Number(m[1]);
        resolve({ child, port, url: `http://127.0.0.1:${port}`, output: () => out, exit });
      }
    };
    child.stdout!.on('data', check);
    void exit.then((code) => reject(new Error(`exited ${code}:\n${out}`)));
  });
}

let ipCounter = 0;
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
