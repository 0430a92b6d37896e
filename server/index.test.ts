import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The compiled server as `npm start` runs it: built with the same esbuild settings, run by
// plain node, on a fresh SQLite file with demo content.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'radio-start-'));
const entry = path.join(dir, 'index.js');

beforeAll(async () => {
  await build({
    entryPoints: [path.resolve(import.meta.dirname, 'index.ts')],
    outfile: entry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
    absWorkingDir: path.resolve(import.meta.dirname, '..'),
    nodePaths: [path.resolve(import.meta.dirname, '..', 'node_modules')],
  });
  // Bare imports resolve from the project's node_modules.
  fs.symlinkSync(path.resolve(import.meta.dirname, '..', 'node_modules'), path.join(dir, 'node_modules'));
}, 60_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function start(env: Record<string, string>): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  const child = spawn(process.execPath, [entry], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 20_000);
    const check = () => {
      const m = /Listening on http:\/\/[^:]+:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, port: Number(m[1]), output: () => out });
      }
    };
    child.stdout!.on('data', check);
    child.on('exit', (code) => reject(new Error(`exited ${code}:\n${out}`)));
  });
}

const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

describe('the compiled server', () => {
  it('starts on an empty SQLite file with demo data, prints a generated admin key, migrates', async () => {
    const { child, port, output } = await start({ DATABASE_URL: `sqlite:${path.join(dir, 'a.sqlite3')}`, DEMO_DATA: 'on' });
    try {
      expect(output()).toMatch(/Admin key for this run: \S{16,}/);
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(await health.json()).toEqual({ ok: true });
    } finally {
      child.kill('SIGTERM');
      expect(await exited(child)).toBe(0);
    }
  });

  it('on SIGTERM finishes the request in flight, then exits 0', async () => {
    const { child, port } = await start({ DATABASE_URL: `sqlite:${path.join(dir, 'b.sqlite3')}`, ADMIN_KEY: 'k'.repeat(20) });
    const exit = exited(child);
    const boundary = 'x-boundary';
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/uploads',
          headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
        },
        (res) => {
          let body = '';
          res.on('data', (d) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      // Half the upload, then SIGTERM, then the rest: the server must still answer it.
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello `);
      setTimeout(() => {
        child.kill('SIGTERM');
        setTimeout(() => req.end(`world\r\n--${boundary}--\r\n`), 300);
      }, 300);
    });
    const res = await answer;
    // A text file is refused as a type, which proves the request was read to its end and answered.
    expect(res.status).toBe(415);
    expect(JSON.parse(res.body).error).toMatch(/audio|images/i);
    expect(await exit).toBe(0);
  });

  it('refuses to start with an ADMIN_KEY shorter than 16 characters and says why', async () => {
    const child = spawn(process.execPath, [entry], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', DATABASE_URL: `sqlite:${path.join(dir, 'c.sqlite3')}`, ADMIN_KEY: 'secret' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    expect(await exited(child)).toBe(1);
    expect(out).toMatch(/Refusing to start: ADMIN_KEY is 6 characters long; it must be at least 16/);
    expect(out).not.toMatch(/Listening|\n\s+at /);
  });
});
