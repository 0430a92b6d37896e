// Issue 7, the image figures of `npm run bench` (bench/run.mjs): the demo images as built and
// served, and an uploaded photo as it comes back.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { kb } from './first-visit-size.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function images(base, { row }) {
  const { default: sharp } = await import('sharp');
  const demoDir = path.join(ROOT, 'dist', 'app', 'demo');
  // Not the .br/.gz copies the build writes beside larger SVGs (scripts/precompress.mjs), nor
  // the demo's sound (demo/audio/, issue 29): images only, whatever their format.
  const files = fs.existsSync(demoDir)
    ? fs
        .readdirSync(demoDir, { recursive: true })
        .filter((f) => fs.statSync(path.join(demoDir, f)).isFile() && /\.(svg|png|jpe?g|gif|webp|avif)$/i.test(f))
    : [];
  const formats = new Map();
  let largest = 0;
  for (const f of files) {
    const ext = path.extname(f).slice(1).toLowerCase();
    formats.set(ext, (formats.get(ext) ?? 0) + 1);
    largest = Math.max(largest, fs.statSync(path.join(demoDir, f)).size);
  }
  const sample = files[0];
  let demoCache = 'no demo files';
  if (sample) {
    const res = await fetch(`${base}/demo/${sample}`, { signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    demoCache = res.headers.get('cache-control') ?? 'none';
  }
  const modern = [...formats.keys()].every((e) => ['svg', 'webp', 'avif'].includes(e));
  const longLived = /max-age=(\d+)/.exec(demoCache);
  row(
    'Images: demo images',
    'modern format, long-lived cache',
    `${files.length} files (${[...formats].map(([e, n]) => `${n} ${e}`).join(', ')}), largest ${kb(largest)}; Cache-Control ${demoCache}`,
    modern && !!longLived && Number(longLived[1]) >= 604800,
  );

  // An uploaded 2000×1000 photo comes back resized to fit 800×800, as WebP, cached for a year.
  const png = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#f4a300' } }).png().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'photo.png');
  const up = await fetch(`${base}/api/uploads`, { method: 'POST', body: form, signal: AbortSignal.timeout(20_000) });
  const { url } = await up.json();
  const got = await fetch(base + url, { signal: AbortSignal.timeout(10_000) });
  const bytes = Buffer.from(await got.arrayBuffer());
  const meta = await sharp(bytes).metadata();
  const ok = up.status === 201 && meta.format === 'webp' && meta.width === 800 && meta.height === 400;
  row(
    'Images: uploaded 2000×1000 PNG',
    'resized to ≤ 800 px, WebP, long-lived cache',
    `${up.status} → ${meta.format} ${meta.width}×${meta.height}, ${kb(bytes.length)} (from ${kb(png.length)}); Cache-Control ${got.headers.get('cache-control')}`,
    ok && /immutable/.test(got.headers.get('cache-control') ?? ''),
  );
}
