import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { pageScriptEsbuild } from '../../scripts/page-script.mjs';

// Tests that need the server as `npm start` runs it (a separate process, several processes on
// one database) build it once with the same esbuild settings and run it with plain node.

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** server/index.ts bundled into a fresh temporary directory; bare imports resolve from the project's node_modules. */
export async function buildCompiledServer(prefix: string): Promise<{ dir: string; entry: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
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
    // The page's inline scripts, minified as `npm run build` does (scripts/page-script.mjs).
    plugins: [pageScriptEsbuild],
  });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  // The process runs in `dir` and reads its repository files from there (server/config.ts: the
  // root is the working directory): the manifest, and public/ with the demo stream's tune.
  for (const name of ['public', 'manifest.webmanifest']) fs.symlinkSync(path.join(ROOT, name), path.join(dir, name));
  return { dir, entry };
}

export interface CompiledServer {
  child: ChildProcess;
  port: number;
  url: string;
  /** Everything the process printed so far. */
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Starts a compiled server on a free port of 127.0.0.1 with only PATH and `env` in its
 * environment; resolves once it prints where it listens, rejects if it exits first.
 */
export function startCompiledServer(
  entry: string,
  env: Record<string, string>,
  options: { name?: string; timeoutMs?: number } = {},
): Promise<CompiledServer> {
  const name = options.name ? `server ${options.name}` : 'server';
  const child = spawn(process.execPath, [entry], {
    cwd: path.dirname(entry),
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${out}`)), options.timeoutMs ?? 20_000);
    child.stdout!.on('data', () => {
      const m = /Listening on http:\/\/[^:]+:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        const port = Number(m[1]);
        resolve({ child, port, url: `http://127.0.0.1:${port}`, output: () => out, exited });
      }
    });
    void exited.then((code) => reject(new Error(`${name} exited ${code}:\n${out}`)));
  });
}
