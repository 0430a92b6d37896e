// `npm dev`: the API server (rebuilt on change) on :3000 and Vite's dev server on :5173,
// which proxies /api, /out and /uploads to it.
import { spawn } from 'node:child_process';
import { context } from 'esbuild';

let server = null;
const restart = () => {
  server?.kill('SIGTERM');
  server = spawn(process.execPath, ['dist/server/index.js'], { stdio: 'inherit', env: { ...process.env, PORT: process.env.PORT ?? '3000' } });
};

const ctx = await context({
  entryPoints: { index: 'server/index.ts', cli: 'server/cli.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
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
