// The built files only the admin screens use, from the build's manifest (dist/app/.vite/
// manifest.json): every chunk and stylesheet reachable from the app's entry without passing
// through an admin route or feature is public; the rest is the admin's. The service worker
// does not precache them (vite.config.ts): an admin works online (every admin answer needs the
// server and is never cached, sw/api-cache.ts), and a listener's first visit should not
// download the admin's screens in the background (issue 29, docs/performance.md).
import fs from 'node:fs';
import path from 'node:path';

// The admin's routes and every feature's admin/ folder (app/features/<noun>/admin/).
const ADMIN = /^(?:app\/)?(?:routes\/admin|features\/[^/]+\/admin\/)/;

/** Paths relative to the app folder (e.g. `assets/moderation-1.js`). */
export function adminOnlyFiles(appDir) {
  const file = path.join(appDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return new Set();
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
  const filesOf = (chunk) => [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])];
  const isAdmin = (key) => ADMIN.test(manifest[key]?.src ?? key);
  const seen = new Set();
  const stack = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  while (stack.length) {
    const key = stack.pop();
    if (seen.has(key) || !manifest[key] || isAdmin(key)) continue;
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? []));
  }
  const publicFiles = new Set([...seen].flatMap((key) => filesOf(manifest[key])));
  return new Set(
    Object.values(manifest)
      .flatMap(filesOf)
      .filter((f) => !publicFiles.has(f)),
  );
}
