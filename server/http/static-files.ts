import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib } from 'node:zlib';
import mime from 'mime-types';
import { STORED_NAME } from '../media/storage';
import type { AppContext, Deps, Middleware } from './context';
import { pageDataPreloads, routeAssets, type routePreloads } from './route-preload';
import { withRenderedPage, type PageRenderer } from './page-render';

const brotli = promisify(brotliCompress);

/** Folders that hold only files: nothing under them is a page of the app. */
const STATIC_FOLDERS = ['/assets/', '/uploads/', '/demo/', '/brand/'];

const NO_CACHE = new Set(['/index.html', '/sw.js', '/manifest.webmanifest', '/registerSW.js']);

/** Resolves a URL path inside root, or null when it would escape root or is not a file. */
export async function findFile(root: string, urlPath: string): Promise<{ file: string; size: number; mtime: Date } | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const base = path.resolve(root);
  const file = path.join(base, path.normalize(decoded));
  if (file !== base && !file.startsWith(base + path.sep)) return null;
  try {
    const stat = await fsp.stat(file);
    return stat.isFile() ? { file, size: stat.size, mtime: stat.mtime } : null;
  } catch {
    return null;
  }
}

export function sendFile(ctx: AppContext, file: string, size: number, cacheControl: string, ranges = false, typeOf = file): void {
  ctx.type = mime.lookup(typeOf) || 'application/octet-stream';
  ctx.set('Cache-Control', cacheControl);
  if (ranges) {
    ctx.set('Accept-Ranges', 'bytes');
    const range = ctx.get('If-Range') ? null : byteRange(ctx.get('Range'), size);
    if (range === 'unsatisfiable') {
      ctx.status = 416;
      ctx.set('Content-Range', `bytes */${size}`);
      return;
    }
    if (range) {
      ctx.status = 206;
      ctx.set('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
      ctx.length = range.end - range.start + 1;
      ctx.compress = false;
      ctx.body = fs.createReadStream(file, range);
      return;
    }
  }
  ctx.length = size;
  // Also for HEAD: Koa sends no body then (and closes the stream), while a null body would
  // turn the answer into a 204 without Content-Type or Content-Length.
  ctx.body = fs.createReadStream(file);
}

/**
 * One `bytes=` range (media players seek with these; Safari will not play audio without
 * them). Several ranges or a malformed header: null, and the whole file is sent.
 */
export function byteRange(header: string, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

function cacheControlFor(urlPath: string): string {
  if (NO_CACHE.has(urlPath) || urlPath.startsWith('/workbox-')) return 'no-cache';
  // Vite puts content-hashed files under /assets/.
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  // Demo images never change within a release: a week, so repeat visits do not revalidate.
  if (urlPath.startsWith('/demo/')) return 'public, max-age=604800';
  return 'public, max-age=86400';
}

const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * The build writes `.br` and `.gz` beside each text file (scripts/precompress.mjs), at
 * settings too slow to use per request: the smallest bytes for the first visit.
 */
async function sendBuiltFile(ctx: AppContext, found: { file: string; size: number; mtime: Date }, cacheControl: string): Promise<void> {
  const variants: { name: string; file: string; size: number }[] = [];
  for (const e of ENCODINGS) {
    const v = await findFile(path.dirname(found.file), '/' + path.basename(found.file) + e.suffix);
    // A copy older than its file is stale (the file was replaced without a new build step):
    // compressing on the fly is slower but right.
    if (v && v.mtime >= found.mtime) variants.push({ name: e.name, file: v.file, size: v.size });
  }
  if (variants.length) {
    ctx.vary('Accept-Encoding');
    // Smallest first, as long as the client takes it (negotiation alone would pick the
    // client's first-listed, usually gzip).
    const variant = variants.find((v) => ctx.acceptsEncodings(v.name) === v.name);
    if (variant) {
      ctx.set('Content-Encoding', variant.name);
      // Already compressed: koa-compress must leave it alone.
      ctx.compress = false;
      return sendFile(ctx, variant.file, variant.size, cacheControl, false, found.file);
    }
  }
  // Sound and video, with byte ranges: a player seeks with them (the demo's tune).
  sendFile(ctx, found.file, found.size, cacheControl, /^(audio|video)\//.test(mime.lookup(found.file) || ''));
}

/**
 * Serves the built app: files as they are, and index.html for any other GET that is not
 * /api/* or /out/* (the app shows 'Page Not Found' for paths outside docs/product.md#screens).
 */
export function staticApp(appDir: string | null, renderPage: PageRenderer = async () => null): Middleware {
  let preloadsFor: ReturnType<typeof routePreloads> = () => null;
  let stylesFor: (urlPath: string) => string = () => '';
  let preloadsBuiltAt = -1;
  let indexHtml = { at: -1, text: '' };
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path.startsWith('/api/') || ctx.path === '/api' || ctx.path.startsWith('/out/')) return next();
    if (!appDir) return next();
    const found = await findFile(appDir, ctx.path);
    if (found) {
      // index.html, the worker and the manifest are revalidated on every visit (and the
      // browser checks the worker for updates): a 304 when unchanged, not the whole file.
      ctx.lastModified = found.mtime;
      ctx.status = 200;
      if (ctx.fresh) {
        ctx.set('Cache-Control', cacheControlFor(ctx.path));
        ctx.status = 304;
        return;
      }
      return sendBuiltFile(ctx, found, cacheControlFor(ctx.path));
    }
    // A missing file under a folder of files is a 404, never the app's HTML: an old page asking
    // for a script of a previous build must fail plainly rather than parse HTML as JavaScript,
    // and a player given a missing sound must say so rather than wait on a page (issue 29).
    if (STATIC_FOLDERS.some((folder) => ctx.path.startsWith(folder))) {
      ctx.status = 404;
      ctx.type = 'text/plain';
      ctx.body = 'Not found';
      return;
    }
    const index = await findFile(appDir, '/index.html');
    if (!index) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The app is not built yet: run `npm run build`.';
      return;
    }
    // A new build writes a new index.html and manifest together: read the manifest again then.
    if (index.mtime.getTime() !== preloadsBuiltAt) {
      ({ preloads: preloadsFor, styles: stylesFor } = routeAssets(appDir));
      preloadsBuiltAt = index.mtime.getTime();
    }
    const page = await renderPage(ctx);
    if (page) {
      if (indexHtml.at !== index.mtime.getTime()) indexHtml = { at: index.mtime.getTime(), text: await fsp.readFile(index.file, 'utf8') };
      const html = withRenderedPage(indexHtml.text, page, ctx.state.tenant, stylesFor(ctx.path));
      if (html) {
        // The page's data and styles are in it: no validator (a 304 would bring back old data),
        // no data or style preloads.
        const link = preloadsFor(ctx.path, { styles: false });
        if (link) ctx.set('Link', link);
        // One person's page (their moderation queues) is stored by no cache on the way.
        ctx.set('Cache-Control', page.personal ? 'private, no-store' : 'no-cache');
        ctx.type = 'html';
        ctx.vary('Accept-Encoding');
        if (ctx.acceptsEncodings('br') === 'br') {
          // Brotli at quality 6, off the event loop: the page is mostly its inline styles, and
          // quality 5 sends 1.5 KB less than the compressor's quality 4 for the API's small
          // answers, quality 6 another 0.2 KB for 0.1 ms more on `/` (97 KB: 3.0 ms at 5, 3.1 ms at
          // 6, 4.5 ms at 7 for 0.1 KB less again, 22 ms at 9; docs/performance.md, "The first visit at the wire").
          ctx.set('Content-Encoding', 'br');
          ctx.compress = false;
          ctx.body = await brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) } });
          return;
        }
        ctx.body = html;
        return;
      }
    }
    ctx.lastModified = index.mtime;
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.set('Cache-Control', 'no-cache');
      ctx.status = 304;
      return;
    }
    const link = [preloadsFor(ctx.path), pageDataPreloads(ctx.path, ctx.state.tenant)].filter(Boolean).join(', ');
    if (link) ctx.set('Link', link);
    return sendBuiltFile(ctx, index, 'no-cache');
  };
}

/**
 * Uploaded files, from whichever storage holds them (local disk or S3), at the same
 * `/uploads/<name>`. Only names of our own (a UUID and an extension) are looked up. Their
 * names never change, so they cache for a year; Range for players, ETag for revalidation.
 */
export function uploadedFiles(deps: Pick<Deps, 'storage'>): Middleware {
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !ctx.path.startsWith('/uploads/')) return next();
    const name = ctx.path.slice('/uploads/'.length);
    if (!STORED_NAME.test(name)) return next();
    const found = await deps.storage.stat(name);
    if (!found) return next();
    ctx.type = mime.lookup(name) || 'application/octet-stream';
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('Accept-Ranges', 'bytes');
    ctx.set('ETag', found.etag);
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    const ifRange = ctx.get('If-Range');
    const range = ifRange && ifRange !== found.etag ? null : byteRange(ctx.get('Range'), found.size);
    if (range === 'unsatisfiable') {
      ctx.status = 416;
      ctx.set('Content-Range', `bytes */${found.size}`);
      return;
    }
    ctx.compress = false;
    if (range) {
      ctx.status = 206;
      ctx.set('Content-Range', `bytes ${range.start}-${range.end}/${found.size}`);
      ctx.length = range.end - range.start + 1;
      // HEAD: the headers alone (Koa ends a HEAD answer without a body; none is fetched).
      if (ctx.method !== 'HEAD') ctx.body = await deps.storage.read(name, range);
      return;
    }
    ctx.length = found.size;
    if (ctx.method !== 'HEAD') ctx.body = await deps.storage.read(name);
  };
}
