// `npm dev`: the API server (rebuilt on change) on :3000 and Vite's dev server on :5173,
// which proxies /api, /out and /uploads to it.
import { spawn } from 'node:child_process';
import { context } from 'esbuild';
import { serverBuildOptions } from './server-build-options.mjs';

let server = null;
const restart = () => {
  server?.kill('SIGTERM');
  server = spawn(process.execPath, ['dist/server/index.js'], { stdio: 'inherit', env: { ...process.env, PORT: process.env.PORT ?? '3000' } });
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
  ctx.dispose().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
