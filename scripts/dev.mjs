// `npm dev`: the API server (rebuilt on change) on :3000 and Vite's dev server on :5173,
// which proxies /api, /out and /uploads to it.
import { spawn } from 'node:child_process';
import { context } from 'esbuild';
import { serverBuildOptions } from './server-build-options.mjs';

let server = null;
// The server logs JSON lines (docs/operations.md "Logs"); in development pino-pretty makes
// them readable. One pretty-printer for every restart of the server.
const pretty = spawn(process.execPath, ['node_modules/pino-pretty/bin.js', '--colorize', '--translateTime', 'SYS:HH:MM:ss', '--ignore', 'pid,hostname'], {
  stdio: ['pipe', 'inherit', 'inherit'],
});
const restart = () => {
  server?.kill('SIGTERM');
  server = spawn(process.execPath, ['dist/server/index.js'], { stdio: ['inherit', 'pipe', 'inherit'], env: { ...process.env, PORT: process.env.PORT ?? '3000' } });
  server.stdout.pipe(pretty.stdin, { end: false });
};

const ctx = await context({
  ...serverBuildOptions,
  plugins: [{ name: 'restart', setup: (b) => b.onEnd((r) => r.errors.length === 0 && restart()) }],
});
await ctx.watch();
const vite = spawn('npx', ['vite'], { stdio: 'inherit' });
const stop = () => {
  server?.kill('SIGTERM');
  vite.kill('SIGTERM');
  pretty.stdin.end();
  ctx.dispose().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
