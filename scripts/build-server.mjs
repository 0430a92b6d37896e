// Bundles the server (and the domain/ code it imports) into plain JavaScript under
// dist/server, so `npm start` runs compiled code with no TypeScript loader.
import { build } from 'esbuild';

await build({
  entryPoints: { index: 'server/index.ts', cli: 'server/cli.ts' },
  // SERVER_OUT_DIR lets parallel work build its own copy (it must stay inside the project so
  // the external packages resolve from node_modules).
  outdir: process.env.SERVER_OUT_DIR || 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log(`server built to ${process.env.SERVER_OUT_DIR || 'dist/server'}`);
