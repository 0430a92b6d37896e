// Compressed size of what each route needs before it is usable (HTML, CSS, JS), read from the
// built app (dist/app) and its Vite manifest. Shared by `npm run bench` and the size check in
// `npm test` (scripts/check-size-budget.mjs). Deterministic: same build, same figures.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** The `/` budget from issue 7: 130 KB compressed. */
export const FIRST_VISIT_BUDGET_BYTES = 130 * 1024;

/** As server/app.ts compresses what the build did not: koa-compress, threshold 1024 B, gzip level 6, brotli quality 4. */
const THRESHOLD = 1024;
export function compressedSizes(buf) {
  if (buf.length < THRESHOLD) return { raw: buf.length, gzip: buf.length, br: buf.length };
  return {
    raw: buf.length,
    gzip: zlib.gzipSync(buf, { level: 6 }).length,
    br: zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }).length,
  };
}

/**
 * What the server sends for a built file: the `.br` / `.gz` the build wrote beside it
 * (scripts/precompress.mjs), else what koa-compress would make of it.
 */
function sentSizes(full) {
  const raw = fs.readFileSync(full);
  const dynamic = compressedSizes(raw);
  const sizeIf = (f) => (fs.existsSync(f) ? fs.statSync(f).size : null);
  return { raw: raw.length, gzip: sizeIf(full + '.gz') ?? dynamic.gzip, br: sizeIf(full + '.br') ?? dynamic.br };
}

/** `routes/artists/index.tsx` → `/artists`, `routes/artists/$id.tsx` → `/artists/$id`. */
function routePathOf(file) {
  let p = file.replace(/^routes\//, '').replace(/\.tsx$/, '');
  p = p === 'index' ? '' : p.replace(/\/index$/, '');
  return '/' + p;
}

/**
 * Files each route needs on a first visit: index.html, its module script, modulepreloads and
 * stylesheets, plus the route's split component chunk with its static imports and CSS.
 * Dynamic imports (admin pages, Dexie, the persistence layer when lazy) are not counted.
 */
export function measureRoutes(appDir = path.resolve('dist/app')) {
  const manifestFile = path.join(appDir, '.vite', 'manifest.json');
  const indexFile = path.join(appDir, 'index.html');
  if (!fs.existsSync(manifestFile) || !fs.existsSync(indexFile)) {
    throw new Error(`No build with a Vite manifest in ${appDir}: run \`npm run build\` first`);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const html = fs.readFileSync(indexFile, 'utf8');
  const shell = new Set(['index.html']);
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="\/([^"]+)"/g)) shell.add(m[1]);
  // A disabled stylesheet link is never fetched (vite.config.ts keeps one for the inlined entry CSS).
  for (const m of html.matchAll(/<link[^>]*rel="(?:modulepreload|stylesheet)"[^>]*href="\/([^"]+)"[^>]*>/g)) if (!/\sdisabled[\s>]/.test(m[0])) shell.add(m[1]);

  const byFile = new Map();
  const sizeOf = (file) => {
    if (!byFile.has(file)) byFile.set(file, sentSizes(path.join(appDir, file)));
    return byFile.get(file);
  };
  // The entry's stylesheet is inlined into index.html by the build (vite.config.ts): counted
  // there, not again as a file, unless the HTML still links it.
  const entryChunk = Object.values(manifest).find((c) => c.isEntry);
  const inlinedCss = new Set((entryChunk?.css ?? []).filter((f) => !html.includes(`/${f}"`) || html.includes(`/${f}" disabled>`)));
  const withStaticImports = (key, into) => {
    const chunk = manifest[key];
    if (!chunk || key === 'index.html' || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const css of chunk.css ?? []) if (!inlinedCss.has(css)) into.add(css);
    for (const imp of chunk.imports ?? []) withStaticImports(imp, into);
  };
  // The entry's own static graph, in case index.html's preload list is ever shorter.
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry);
  if (entry) withStaticImports(entry[0], shell);
  // Entry chunk was added under its file name by the HTML parse; drop the html key duplicate.
  const sum = (files) =>
    [...files].reduce(
      (acc, f) => {
        const s = sizeOf(f);
        return { raw: acc.raw + s.raw, gzip: acc.gzip + s.gzip, br: acc.br + s.br };
      },
      { raw: 0, gzip: 0, br: 0 },
    );

  const routes = [];
  for (const [key, chunk] of Object.entries(manifest)) {
    const m = /^(routes\/.+\.tsx)\?tsr-split=component(?:---loader)?$/.exec(key);
    if (!m || !chunk.isDynamicEntry) continue;
    const files = new Set(shell);
    withStaticImports(key, files);
    routes.push({ route: routePathOf(m[1]), files: [...files], ...sum(files) });
  }
  // The radio page is not split from the entry (scripts/route-tree-options.mjs): its first visit
  // is the shell's files.
  if (!routes.some((r) => r.route === '/')) routes.push({ route: '/', files: [...shell], ...sum(shell) });
  routes.sort((a, b) => a.route.localeCompare(b.route));
  return { shell: { files: [...shell], ...sum(shell) }, routes };
}

/**
 * The `/` figure the budget applies to: brotli, what every browser that can install this PWA
 * receives (a service worker needs HTTPS, and every browser with service workers sends
 * `Accept-Encoding: br` over HTTPS). gzip, for older clients, is reported beside it.
 */
export function firstVisitBytes(result) {
  const home = result.routes.find((r) => r.route === '/');
  if (!home) throw new Error('No route chunk for / (routes/index.tsx) in the Vite manifest');
  return { bytes: home.br, home };
}

export const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
