// Bundles the server (and the domain/ code it imports) into plain JavaScript under
// dist/server, so `npm start` runs compiled code with no TypeScript loader.
import { build } from 'esbuild';
import { serverBuildOptions } from './server-build-options.mjs';

// SERVER_OUT_DIR lets parallel work build its own copy (it must stay inside the project so
// the external packages resolve from node_modules).
const outdir = process.env.SERVER_OUT_DIR || serverBuildOptions.outdir;
await build({ ...serverBuildOptions, outdir });
console.log(`server built to ${outdir}`);
