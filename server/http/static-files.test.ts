import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { describeEachEngine } from '../test/test-app';
import { byteRange, findFile } from './static-files';
// @ts-expect-error plain ESM build script without types
import { precompress } from '../../scripts/precompress.mjs';

// docs/api.md "The built app" and the build-asset half of "Caching on the wire".

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'radio-static-'));
const appDir = path.join(root, 'app');
const INDEX = '<!doctype html><html><head><title>Radio</title></head><body><div id="root"></div></body></html>';
const APP_JS = 'console.log("app-abc123");';
const SECRET = 'TOP-SECRET-NEXT-TO-THE-APP';
fs.mkdirSync(path.join(appDir, 'assets'), { recursive: true });
fs.writeFileSync(path.join(appDir, 'index.html'), INDEX);
fs.writeFileSync(path.join(appDir, 'assets', 'app-abc123.js'), APP_JS);
fs.writeFileSync(path.join(appDir, 'assets', 'style-def456.css'), 'body{color:red}');
fs.writeFileSync(path.join(appDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
fs.writeFileSync(path.join(appDir, 'robots.txt'), 'User-agent: *');
const TUNE = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
fs.mkdirSync(path.join(appDir, 'demo', 'audio'), { recursive: true });
fs.writeFileSync(path.join(appDir, 'demo', 'audio', 'tune.mp3'), TUNE);
fs.writeFileSync(path.join(root, 'secret.txt'), SECRET);
// A build after scripts/precompress.mjs: big text files get .br and .gz beside them.
const BIG_JS = `export const list = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, title: `Song ${i}` })))};`;
const precompressedDir = path.join(root, 'precompressed');
fs.mkdirSync(path.join(precompressedDir, 'assets'), { recursive: true });
fs.writeFileSync(path.join(precompressedDir, 'index.html'), INDEX.replace('</body>', `<p>${'Caribbean radio '.repeat(100)}</p></body>`));
fs.writeFileSync(path.join(precompressedDir, 'assets', 'big-123.js'), BIG_JS);
fs.writeFileSync(path.join(precompressedDir, 'assets', 'tiny-123.js'), APP_JS);
// Under 1 KB, like the Rolldown runtime every first visit fetches (issue 29).
const SMALL_JS = `export const days = ${JSON.stringify(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((d, i) => ({ day: d, index: i, show: `Morning show on ${d}` })))};`;
fs.writeFileSync(path.join(precompressedDir, 'assets', 'small-123.js'), SMALL_JS);
precompress(precompressedDir);
fs.mkdirSync(path.join(root, 'app-other'));
fs.writeFileSync(path.join(root, 'app-other', 'secret.txt'), SECRET);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A request with the path exactly as written: supertest would normalise the dots away. */
function rawGet(
  url: string,
  rawPath: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    http
      .get({ hostname, port, path: rawPath, headers, agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

describeEachEngine(
  'the built app',
  (t) => {
    it('answers any other GET with index.html (SPA fallback)', async () => {
      for (const p of ['/', '/artists', '/artists/abc/deep/path', '/admin', '/no-such-page', '/schedule?x=1']) {
        const res = await t().http().get(p);
        expect(res.status, p).toBe(200);
        expect(res.headers['content-type'], p).toMatch(/^text\/html/);
        expect(res.text, p).toBe(INDEX);
        expect(res.headers['cache-control'], p).toBe('no-cache');
      }
    });

    it('keeps /api/* and /out/* out of the fallback', async () => {
      const api = await t().http().get('/api/no-such-thing');
      expect(api.status).toBe(404);
      expect(api.headers['content-type']).toMatch(/^application\/json/);
      expect(api.text).not.toContain('<html');
      const out = await t().http().get('/out/no-such-ad');
      expect(out.status).toBe(404);
      expect(out.text).not.toContain('<html');
    });

    it('serves files as they are, hashed assets immutable for a year', async () => {
      const js = await t().http().get('/assets/app-abc123.js');
      expect(js.status).toBe(200);
      expect(js.headers['content-type']).toMatch(/javascript/);
      expect(js.text).toBe(APP_JS);
      expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const css = await t().http().get('/assets/style-def456.css');
      expect(css.headers['content-type']).toMatch(/^text\/css/);
      expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const robots = await t().http().get('/robots.txt');
      expect(robots.text).toBe('User-agent: *');
      expect(robots.headers['cache-control']).not.toMatch(/immutable/);
    });

    it('sends no-cache for index.html, the service worker and the manifest', async () => {
      for (const p of ['/index.html', '/sw.js', '/manifest.webmanifest']) {
        const res = await t().http().get(p);
        expect(res.status, p).toBe(200);
        expect(res.headers['cache-control'], p).toBe('no-cache');
      }
      const sw = await t().http().get('/sw.js');
      expect(sw.headers['content-type']).toMatch(/javascript/);
    });

    it('puts CSP, nosniff and Referrer-Policy on the HTML answers', async () => {
      for (const p of ['/', '/index.html', '/some/app/route']) {
        const res = await t().http().get(p);
        const csp = res.headers['content-security-policy'] as string;
        expect(csp, p).toContain("default-src 'self'");
        // Our own scripts, and the three inline ones by their hashes: the first tap's
        // (app/lib/player/first-tap/first-tap.script.ts), the start after the first frame
        // (app/lib/start-after-paint/), the shell's admin questions (app/lib/admin-early/admin-early.script.ts).
        expect(csp, p).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+'){3}(;|$)/);
        expect(csp, p).toContain("object-src 'none'");
        expect(csp, p).toContain("frame-ancestors 'self'");
        expect(csp, p).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
        expect(res.headers['x-content-type-options'], p).toBe('nosniff');
        expect(res.headers['referrer-policy'], p).toBe('strict-origin-when-cross-origin');
      }
      // nosniff on everything else too.
      const js = await t().http().get('/assets/app-abc123.js');
      expect(js.headers['x-content-type-options']).toBe('nosniff');
      const api = await t().http().get('/api/health');
      expect(api.headers['x-content-type-options']).toBe('nosniff');
    });

    it('answers 404, not the app, for a missing file under a folder of files', async () => {
      for (const p of ['/assets/app-OLDHASH.js', '/uploads/missing-file.mp3', '/demo/audio/missing.mp3', '/demo/elsewhere', '/brand/missing.svg']) {
        const res = await t().http().get(p);
        expect(res.status, p).toBe(404);
        expect(res.text).not.toContain('<div id="root">');
      }
      // Pages are still the app's, including one whose name starts like a folder.
      expect((await t().http().get('/demonstration')).text).toContain('<div id="root">');
    });

    it('serves sound with byte ranges, as a player seeks', async () => {
      const whole = await t().http().get('/demo/audio/tune.mp3').buffer(true);
      expect(whole.status).toBe(200);
      expect(whole.headers['content-type']).toBe('audio/mpeg');
      expect(whole.headers['accept-ranges']).toBe('bytes');
      const part = await t().http().get('/demo/audio/tune.mp3').set('Range', 'bytes=100-199').buffer(true);
      expect(part.status).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 100-199/${TUNE.length}`);
      expect(Buffer.from(part.body as Buffer)).toEqual(TUNE.subarray(100, 200));
    });

    it('answers HEAD without a body', async () => {
      const res = await t().http().head('/assets/app-abc123.js');
      expect(res.status).toBe(200);
      expect(res.headers['content-length']).toBe(String(Buffer.byteLength(APP_JS)));
      expect(res.text ?? '').toBe('');
    });

    it('refuses path traversal, however it is spelled', async () => {
      const attempts = [
        '/../secret.txt',
        '/../../secret.txt',
        '/assets/../../secret.txt',
        '/..%2fsecret.txt',
        '/%2e%2e/secret.txt',
        '/%2e%2e%2fsecret.txt',
        '/assets/..%2f..%2fsecret.txt',
        '/..%5csecret.txt',
        '/../app-other/secret.txt',
        '/%2e%2e%2fapp-other%2fsecret.txt',
        '/index.html%00.js',
        '/%E0%A4%A',
        '/uploads/..%2f..%2fsecret.txt',
      ];
      for (const p of attempts) {
        const res = await rawGet(t().url, p);
        expect(res.text, p).not.toContain(SECRET);
        expect(res.status, p).toBeLessThan(500);
      }
    });

    it('serves /uploads/* from the upload dir, and nothing else from there', async () => {
      fs.mkdirSync(t().config.uploadDir, { recursive: true });
      fs.writeFileSync(path.join(t().config.uploadDir, '0a1b2c3d-0000-4000-8000-000000000001.mp3'), 'ID3 fake audio');
      const res = await t().http().get('/uploads/0a1b2c3d-0000-4000-8000-000000000001.mp3').buffer(true);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('audio/mpeg');
      expect(Buffer.from(res.body as Buffer).toString('utf8')).toBe('ID3 fake audio');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // The database file sits next to the upload dir in tests: never reachable.
      for (const p of ['/uploads/../test.sqlite3', '/uploads/..%2ftest.sqlite3', '/uploads/.tmp', '/uploads/%2e%2e%2ftest.sqlite3']) {
        const other = await rawGet(t().url, p);
        expect(other.text, p).not.toContain('SQLite format');
      }
    });

    it('answers byte ranges on uploads, so players can seek and Safari plays audio', async () => {
      fs.mkdirSync(t().config.uploadDir, { recursive: true });
      const content = '0123456789abcdefghij';
      fs.writeFileSync(path.join(t().config.uploadDir, '0a1b2c3d-0000-4000-8000-000000000002.mp3'), content);
      const url = t().url;
      const full = await rawGet(url, '/uploads/0a1b2c3d-0000-4000-8000-000000000002.mp3');
      expect(full.status).toBe(200);
      expect(full.headers['accept-ranges']).toBe('bytes');
      expect(full.text).toBe(content);

      const first = await rawGet(url, '/uploads/0a1b2c3d-0000-4000-8000-000000000002.mp3', { Range: 'bytes=0-3' });
      expect(first.status).toBe(206);
      expect(first.headers['content-range']).toBe('bytes 0-3/20');
      expect(first.headers['content-length']).toBe('4');
      expect(first.headers['content-type']).toBe('audio/mpeg');
      expect(first.text).toBe('0123');

      const open = await rawGet(url, '/uploads/0a1b2c3d-0000-4000-8000-000000000002.mp3', { Range: 'bytes=15-' });
      expect(open.status).toBe(206);
      expect(open.headers['content-range']).toBe('bytes 15-19/20');
      expect(open.text).toBe('fghij');

      const suffix = await rawGet(url, '/uploads/0a1b2c3d-0000-4000-8000-000000000002.mp3', { Range: 'bytes=-3' });
      expect(suffix.status).toBe(206);
      expect(suffix.text).toBe('hij');

      const beyond = await rawGet(url, '/uploads/0a1b2c3d-0000-4000-8000-000000000002.mp3', { Range: 'bytes=20-' });
      expect(beyond.status).toBe(416);
      expect(beyond.headers['content-range']).toBe('bytes */20');

      // Several ranges, or an If-Range we cannot check: the whole file.
      const wholeFile: Record<string, string>[] = [{ Range: 'bytes=0-1,4-5' }, { Range: 'bytes=0-3', 'If-Range': '"x"' }, { Range: 'pages=1' }];
      for (const headers of wholeFile) {
        const whole = await rawGet(url, '/uploads/0a1b2c3d-0000-4000-8000-000000000002.mp3', headers);
        expect(whole.status).toBe(200);
        expect(whole.text).toBe(content);
      }
    });
  },
  { appDir },
);

describeEachEngine(
  'a precompressed build',
  (t) => {
    it('sends the .br or .gz the build made, as the client accepts, else the file itself', async () => {
      const br = await t().http().get('/assets/big-123.js').set('Accept-Encoding', 'gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers['vary']).toMatch(/Accept-Encoding/i);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(br.headers['content-length'])).toBe(fs.statSync(path.join(precompressedDir, 'assets', 'big-123.js.br')).size);
      // supertest decodes the body on its way in.
      expect(br.text).toBe(BIG_JS);

      const gz = await t().http().get('/assets/big-123.js').set('Accept-Encoding', 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(Number(gz.headers['content-length'])).toBe(fs.statSync(path.join(precompressedDir, 'assets', 'big-123.js.gz')).size);
      expect(gz.text).toBe(BIG_JS);

      const plain = await t().http().get('/assets/big-123.js').set('Accept-Encoding', 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.text).toBe(BIG_JS);

      // A file of a few hundred bytes is sent compressed too: the copy saves more than its header.
      expect(SMALL_JS.length).toBeLessThan(1024);
      const small = await t().http().get('/assets/small-123.js').set('Accept-Encoding', 'br');
      expect(small.headers['content-encoding']).toBe('br');
      expect(Number(small.headers['content-length'])).toBeLessThan(SMALL_JS.length / 2);

      // A file whose copy would save less than its header: nothing was written, and nothing
      // is compressed on the fly either.
      const tiny = await t().http().get('/assets/tiny-123.js').set('Accept-Encoding', 'br');
      expect(tiny.headers['content-encoding']).toBeUndefined();
      expect(tiny.text).toBe(APP_JS);
    });

    it('ignores a compressed copy older than its file (the file was replaced afterwards)', async () => {
      const file = path.join(precompressedDir, 'assets', 'replaced-123.js');
      fs.writeFileSync(file, BIG_JS);
      precompress(precompressedDir);
      const changed = BIG_JS.replace('Song 1"', 'Song one"');
      fs.writeFileSync(file, changed);
      const later = new Date(Date.now() + 5_000);
      fs.utimesSync(file, later, later);
      const res = await t().http().get('/assets/replaced-123.js').set('Accept-Encoding', 'br');
      expect(res.text).toBe(changed);
    });

    it('sends the SPA fallback precompressed too, with its CSP', async () => {
      const res = await t().http().get('/artists').set('Accept-Encoding', 'br');
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(Number(res.headers['content-length'])).toBe(fs.statSync(path.join(precompressedDir, 'index.html.br')).size);
      expect(res.text).toContain('Caribbean radio');
    });
  },
  { appDir: precompressedDir },
);

it('byteRange reads one bytes= range', () => {
  expect(byteRange('bytes=0-0', 10)).toEqual({ start: 0, end: 0 });
  expect(byteRange('bytes=2-100', 10)).toEqual({ start: 2, end: 9 });
  expect(byteRange('bytes=-100', 10)).toEqual({ start: 0, end: 9 });
  expect(byteRange('bytes=10-', 10)).toBe('unsatisfiable');
  expect(byteRange('bytes=-0', 10)).toBe('unsatisfiable');
  expect(byteRange('bytes=5-2', 10)).toBeNull();
  expect(byteRange('bytes=-', 10)).toBeNull();
  expect(byteRange('', 10)).toBeNull();
});

describeEachEngine(
  'an app that is not built',
  (t) => {
    it('answers 503 with a hint instead of a missing index.html, and the API still works', async () => {
      const res = await t().http().get('/');
      expect(res.status).toBe(503);
      expect(res.text).toMatch(/npm run build/);
      expect((await t().http().get('/api/health')).status).toBe(200);
    });
  },
  { appDir: path.join(root, 'empty-build') },
);

it('findFile stays inside its root, even given with a trailing slash', async () => {
  expect(await findFile(appDir, '/index.html')).toMatchObject({ file: path.join(appDir, 'index.html') });
  expect(await findFile(appDir + path.sep, '/index.html')).toMatchObject({ file: path.join(appDir, 'index.html') });
  expect(await findFile(appDir, '/../secret.txt')).toBeNull();
  expect(await findFile(appDir, '/..%2fsecret.txt')).toBeNull();
  expect(await findFile(appDir, '/../app-other/secret.txt')).toBeNull();
  expect(await findFile(appDir, '/assets')).toBeNull();
});
