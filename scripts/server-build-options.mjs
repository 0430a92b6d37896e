// The esbuild options that make dist/server from the server's TypeScript, shared by
// `npm run build` (scripts/build-server.mjs) and `npm run dev` (scripts/dev.mjs) so the two
// never drift apart.

import { pageScriptEsbuild } from './page-script.mjs';

/** @type {import('esbuild').BuildOptions} */
export const serverBuildOptions = {
  entryPoints: { index: 'server/index.ts', cli: 'server/cli.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [pageScriptEsbuild],
};
