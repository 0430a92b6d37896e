// Writes `<file>.br` (brotli quality 11) and `<file>.gz` (gzip level 9) beside every text file
// of the built app, once per build. The server sends them as they are (server/http/
// static-files.ts): per-request compression has to be fast (brotli 4), which costs our
// listeners ~15 % more bytes on the first visit than the slowest, smallest setting does.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/**
 * Compressed once here, a small file costs nothing per request but its `Content-Encoding`
 * header (about 24 bytes): any saving beyond that pays. The server's own compression of
 * dynamic answers keeps koa-compress's 1 KB threshold. Issue 29: the 0.6 KB Rolldown runtime,
 * part of every first visit, and the many small route chunks of the settled first visit
 * went uncompressed under the 1 KB threshold this had before.
 */
const WORTH_BYTES = 32;

export function precompress(dir) {
  let files = 0;
  let before = 0;
  let after = 0;
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (TEXT.test(entry.name)) {
        const raw = fs.readFileSync(full);
        const br = zlib.brotliCompressSync(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        });
        const gz = zlib.gzipSync(raw, { level: 9 });
        // Only where it pays: the server falls back to the file itself otherwise.
        if (br.length + WORTH_BYTES < raw.length) fs.writeFileSync(full + '.br', br);
        if (gz.length + WORTH_BYTES < raw.length) fs.writeFileSync(full + '.gz', gz);
        files += 1;
        before += raw.length;
        after += br.length;
      }
    }
  };
  walk(dir);
  return { files, before, after };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = path.resolve(process.argv[2] ?? 'dist/app');
  const { files, before, after } = precompress(dir);
  console.log(`precompressed ${files} files in ${path.relative(process.cwd(), dir) || dir}: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`);
}
