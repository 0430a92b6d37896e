// Starting and stopping our compiled server (dist/server) for a benchmark: bench/run.mjs,
// bench/lighthouse.mjs and bench/listeners.mjs all run it the same way, on 127.0.0.1 with a
// throw-away database and upload folder.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serverNodeOptions } from './server-node-options.mjs';

export const BENCH_ADMIN_KEY = 'bench-admin-key-0123456789abcdef';

/** Rejects after ms, so no measurement can hang the run. */
export function bounded(promise, ms, what) {
  let timer;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
    }),
  ]);
}

/** A port of 127.0.0.1 that was free a moment ago. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** The server's environment: production on 127.0.0.1:port, its SQLite file `database` and uploads under dir. */
export function compiledServerEnv({ dir, port, database, env = {} }) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: `sqlite:${path.join(dir, database)}`,
    UPLOAD_DIR: path.join(dir, 'uploads'),
    ADMIN_KEY: BENCH_ADMIN_KEY,
    // The bench's stand-in now-playing station listens on 127.0.0.1 (docs/api.md, UPSTREAM_ALLOW_PRIVATE).
    UPSTREAM_ALLOW_PRIVATE: 'on',
    ...env,
  };
}

/**
 * Spawns the compiled server (`entry`: BENCH_SERVER_ENTRY or dist/server/index.js) in a fresh temporary
 * folder and waits up to 30 s for it to listen. Its stdout is left to the caller, who must
 * read or resume it so that a full pipe never blocks the server.
 */
export async function startCompiledServer({ root, tmpPrefix, database, env, what, entry = process.env.BENCH_SERVER_ENTRY || 'dist/server/index.js' }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), tmpPrefix));
  const port = await freePort();
  const child = spawn(process.execPath, [...serverNodeOptions(root), entry], {
    cwd: root,
    env: compiledServerEnv({ dir, port, database, env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  await bounded(
    new Promise((resolve, reject) => {
      child.stdout.on('data', (d) => {
        if (String(d).includes('Listening on')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`${what} exited (${code}): ${err}`)));
    }),
    30_000,
    `${what} start`,
  );
  return {
    child,
    dir,
    url: `http://127.0.0.1:${port}`,
    /** SIGTERM (SIGKILL after 30 s), then the temporary folder goes. */
    async stop() {
      child.kill('SIGTERM');
      await bounded(new Promise((r) => child.once('exit', r)), 30_000, `${what} stop`).catch(() => child.kill('SIGKILL'));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
