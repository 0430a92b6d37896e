// A script the server inlines in its pages (app/lib/player/first-tap/first-tap.page.js), imported as a
// minified string: `import source from './x.page.js?page-script'`. The same minification for
// the server's build (esbuild, scripts/server-build-options.mjs) and for Vitest (vite.config.ts),
// so the tests check the bytes the page carries. Minified, it costs the first visit about a
// third fewer bytes at the wire than as written (docs/performance.md, "The first visit at the wire").
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { transform } from 'esbuild';

const SUFFIX = '?page-script';

async function minified(file) {
  const { code } = await transform(await readFile(file, 'utf8'), { minify: true, target: 'es2017', loader: 'js' });
  return `export default ${JSON.stringify(code.trim())};`;
}

/** @type {import('esbuild').Plugin} */
export const pageScriptEsbuild = {
  name: 'page-script',
  setup(build) {
    build.onResolve({ filter: /\?page-script$/ }, (args) => ({ path: path.resolve(args.resolveDir, args.path.slice(0, -SUFFIX.length)), namespace: 'page-script' }));
    build.onLoad({ filter: /.*/, namespace: 'page-script' }, async (args) => ({ contents: await minified(args.path), loader: 'js', watchFiles: [args.path] }));
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
      return id.endsWith(SUFFIX) ? minified(id.slice(0, -SUFFIX.length)) : null;
    },
  };
}
