import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Each Playwright worker runs its own real server on its own fresh SQLite database with demo
 * content, so workers never see each other's writes and run side by side (docs/setup.md,
 * "The end-to-end suite"). Worker n listens on E2E_PORT + n.
 */
export interface WorkerServer {
  port: number;
  origin: string;
  runDir: string;
  stop(): Promise<void>;
}

export const E2E_ADMIN_KEY = 'e2e-admin-key-0123456789';
const root = path.resolve(import.meta.dirname, '..');

/** The run's folder: the config sets it once for the whole run (its workers inherit it). */
export function e2eRunDir(): string {
  return process.env.E2E_RUN_DIR ?? path.join(os.tmpdir(), `radio-e2e-${process.pid}`);
}

export async function startWorkerServer(parallelIndex: number): Promise<WorkerServer> {
  const port = Number(process.env.E2E_PORT ?? 4319) + parallelIndex;
  const runDir = path.join(e2eRunDir(), `worker-${parallelIndex}`);
  // A worker restarted after a failure starts again on a fresh database.
  fs.rmSync(runDir, { recursive: true, force: true });
  fs.mkdirSync(runDir, { recursive: true });
  const child = spawn(process.execPath, [process.env.E2E_SERVER_ENTRY ?? 'dist/server/index.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(runDir, 'e2e.sqlite3')}`,
      DEMO_DATA: 'on',
      ADMIN_KEY: E2E_ADMIN_KEY,
      UPLOAD_DIR: path.join(runDir, 'uploads'),
      TRUST_PROXY: 'on',
      // The now-playing spec's stand-in station listens on 127.0.0.1 (docs/api.md, UPSTREAM_ALLOW_PRIVATE).
      UPSTREAM_ALLOW_PRIVATE: 'on',
      NODE_ENV: 'test',
      // The page's data may take longer than production's 400 ms while the workers' browsers
      // keep the machine busy: the specs check what a rendered page does, not the fall-back.
      PAGE_RENDER_WAIT_MS: '3000',
    },
  });
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[server ${parallelIndex}] ${chunk}`));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // A worker that dies without its teardown takes its server with it.
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  const origin = `http://127.0.0.1:${port}`;
  await ready(origin, child, exited);
  return {
    port,
    origin,
    runDir,
    async stop() {
      process.off('exit', kill);
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}

/** Waits for /api/health as Playwright's webServer did, failing at once if the server exits. */
async function ready(origin: string, child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  const deadline = Date.now() + 60_000;
  let gone = false;
  void exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the e2e server on ${origin} exited with ${child.exitCode} before it answered`);
    const ok = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the e2e server on ${origin} did not answer /api/health within 60 s`);
}
