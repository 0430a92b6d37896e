import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompiledServer, startCompiledServer } from './test/compiled-server';

// The compiled server as `npm start` runs it, on a fresh SQLite file with demo content.
let dir = '';
let entry = '';

beforeAll(async () => {
  ({ dir, entry } = await buildCompiledServer('radio-start-'));
}, 60_000);

afterAll(() => dir && fs.rmSync(dir, { recursive: true, force: true }));

describe('the compiled server', () => {
  it('starts on an empty SQLite file with demo data, prints a generated admin key, migrates', async () => {
    const { child, port, output, exited } = await startCompiledServer(entry, { DATABASE_URL: `sqlite:${path.join(dir, 'a.sqlite3')}`, DEMO_DATA: 'on' });
    try {
      expect(output()).toMatch(/Admin key for this run: \S{16,}/);
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(await health.json()).toEqual({ ok: true });
    } finally {
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  });

  it('on SIGTERM finishes the request in flight, then exits 0', async () => {
    const { child, port, exited: exit } = await startCompiledServer(entry, { DATABASE_URL: `sqlite:${path.join(dir, 'b.sqlite3')}`, ADMIN_KEY: 'index-test-Key-8f3kQz2v' });
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
    const out = await startCompiledServer(entry, { DATABASE_URL: `sqlite:${path.join(dir, 'c.sqlite3')}`, ADMIN_KEY: 'secret' }).then(
      (started) => (started.child.kill('SIGTERM'), 'started'),
      (error: Error) => error.message,
    );
    expect(out).toMatch(/^server exited 1:\n/);
    expect(out).toMatch(/Refusing to start: ADMIN_KEY is 6 characters long; it must be at least 16/);
    expect(out).not.toMatch(/Listening|\n\s+at /);
  });

  it.each([
    ['sunshine1234567890', /Refusing to start: ADMIN_KEY is too easy to guess \(This is similar to a commonly used password\)\. Make a random one with: openssl rand -base64 24/],
    ['kkkkkkkkkkkkkkkkkkkk', /Refusing to start: ADMIN_KEY uses only lower-case letters\. Make a random one with: openssl rand -base64 24/],
  ])('refuses to start with a plainly weak ADMIN_KEY (%s) and says why and what to do', async (key, why) => {
    const out = await startCompiledServer(entry, { DATABASE_URL: `sqlite:${path.join(dir, 'd.sqlite3')}`, ADMIN_KEY: key }).then(
      (started) => (started.child.kill('SIGTERM'), 'started'),
      (error: Error) => error.message,
    );
    expect(out).toMatch(/^server exited 1:\n/);
    expect(out).toMatch(why);
    expect(out).not.toMatch(/Listening|\n\s+at /);
  });
});
