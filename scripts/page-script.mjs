// A script the server inlines in its pages (app/lib/player/first-tap/first-tap.page.js), imported as a
// minified string: `import source from './x.page.js?page-script'`. The same minification for
// the server's build (esbuild, scripts/server-build-options.mjs) and for Vitest (vite.config.ts),
// so the tests check the bytes the page carries. Minified, it costs the first visit about a
// third fewer bytes at the wire than as written (docs/performance.md, "The first visit at the wire").
// The script may import a module the app shares (the live stream's feed, app/lib/player/live-feed.ts):
// it is bundled in, as one function scope.
import path from 'node:path';
import { build } from 'esbuild';

const SUFFIX = '?page-script';

/** The script bundled and minified: its text, and `inputs`, the files it was made of. */
async function bundled(file) {
  const { outputFiles, metafile } = await build({ entryPoints: [file], bundle: true, minify: true, format: 'iife', target: 'es2017', write: false, metafile: true, logLevel: 'silent' });
  const inputs = Object.keys(metafile.inputs).map((f) => path.resolve(f));
  // An ES module is strict already; the bundle's "use strict" would only cost bytes.
  return { text: outputFiles[0].text.trim().replace(/^"use strict";/, ''), inputs };
}

/** The same, as a module exporting it (the `?page-script` import). */
async function minified(file) {
  const { text, inputs } = await bundled(file);
  return { code: `export default ${JSON.stringify(text)};`, inputs };
}

/** The script's minified text, as the server's constant holds it: for the build to put in index.html (vite.config.ts). */
export async function pageScriptText(file) {
  return (await bundled(file)).text;
}

/** @type {import('esbuild').Plugin} */
export const pageScriptEsbuild = {
  name: 'page-script',
  setup(build) {
    build.onResolve({ filter: /\?page-script$/ }, (args) => ({ path: path.resolve(args.resolveDir, args.path.slice(0, -SUFFIX.length)), namespace: 'page-script' }));
    build.onLoad({ filter: /.*/, namespace: 'page-script' }, async (args) => {
      const { code, inputs } = await minified(args.path);
      return { contents: code, loader: 'js', watchFiles: inputs };
    });
  },
};

/** @returns {import('vite').Plugin} */
export function pageScriptVite() {
  return {
    name: 'page-script',
    enforce: 'pre',
    async resolveId(id, importer) {
      if (!id.endsWith(SUFFIX) || !importer) return null;
      return path.resolve(path.dirname(importer), id.slice(0, -SUFFIX.length)) + SUFFIX;
    },
    async load(id) {
      if (!id.endsWith(SUFFIX)) return null;
      const { code, inputs } = await minified(id.slice(0, -SUFFIX.length));
      for (const input of inputs) this.addWatchFile(input);
      return code;
    },
  };
}
