import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { describeEachEngine } from '../test/test-app';
import { describeWithPeople } from '../test/admin-people';
import { ADMIN_EARLY_CSP_SOURCE, ADMIN_EARLY_SCRIPT } from '../../app/lib/admin-early/admin-early.script';
import { FIRST_TAP_SCRIPT } from '../../app/lib/player/first-tap/first-tap.script';
import { START_AFTER_PAINT_SCRIPT } from '../../app/lib/start-after-paint/start-after-paint.script';
import { isServerRenderedPath } from '../../domain/server-rendered-paths';
import { withRenderedPage } from './page-render';

// docs/server-render.md. The render module here stands in for the Vite build of
// app/entry-server.tsx (e2e/server-render.spec.ts runs the real one in Chromium): it asks our
// API for the settings, in-process, and renders what it got.

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'radio-page-render-'));
const appDir = path.join(root, 'app');
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const INDEX = [
  '<!doctype html>',
  '<html lang="en">',
  '  <head>',
  '    <title>Radio</title>',
  // The shell's early admin script, as the build puts it (vite.config.ts).
  `    <script>${ADMIN_EARLY_SCRIPT}</script>`,
  '    <script type="module" crossorigin src="/assets/index-1.js"></script>',
  '    <link rel="modulepreload" crossorigin href="/assets/framework-1.js">',
  '  </head>',
  '  <body>',
  '    <div id="root">',
  '      <div class="app app-shell"><main><p>Loading…</p></main></div>',
  '    </div>',
  '    <noscript>This radio needs JavaScript to play.</noscript>',
  '  </body>',
  '</html>',
].join('\n');

fs.mkdirSync(path.join(appDir, '.vite'), { recursive: true });
fs.mkdirSync(path.join(appDir, 'assets'));
fs.writeFileSync(path.join(appDir, 'index.html'), INDEX);
fs.writeFileSync(path.join(appDir, 'assets', 'artists-1.css'), '.artists{color:teal}');
fs.writeFileSync(
  path.join(appDir, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_framework-1.js'] },
    '_framework-1.js': { file: 'assets/framework-1.js' },
    'routes/artists/index.tsx?tsr-split=component': { file: 'assets/artists-1.js', imports: ['index.html'], css: ['assets/artists-1.css'] },
  }),
);
fs.mkdirSync(`${appDir}-server`);
fs.writeFileSync(
  path.join(`${appDir}-server`, 'entry-server.js'),
  `export async function warmUp() {
     globalThis.__pageRenderWarmUps = (globalThis.__pageRenderWarmUps ?? 0) + 1;
   }
   export async function renderPage({ url, hostname, fetchApi, dataWaitMs }) {
     if (url.startsWith('/schedule')) throw new Error('this page cannot render');
     if (url.includes('who=1')) {
       // Who the page's own API requests are asked as: with the app's session header, and without.
       const me = await fetchApi('/api/admin/me', { headers: { 'x-admin-session': '1' } });
       const bare = await fetchApi('/api/admin/me');
       return { html: '<main>' + me.status + ' ' + (me.ok ? (await me.json()).name : 'nobody') + ' ' + bare.status + '</main>', data: '{}' };
     }
     const res = await fetchApi('/api/settings');
     const settings = await res.json();
     return {
       html: '<link rel="preload" as="image" href="/brand/logo.svg"/><div class="app"><main><h1>' + settings.displayName + '</h1><p>' + url + ' ' + hostname + ' ' + dataWaitMs + '</p></main></div>',
       data: JSON.stringify({ queries: [{ status: res.status }] }),
     };
   }`,
);

describeEachEngine(
  'the server render',
  (t) => {
    it("loads the render's route chunks as the server starts, before any page is asked for", async () => {
      // The first renders after a start loaded them cold, and could answer the shell.
      await t().http().get('/api/settings');
      await vi.waitFor(() => expect((globalThis as { __pageRenderWarmUps?: number }).__pageRenderWarmUps).toBeGreaterThan(0));
    });

    it("puts the page in the app's root, its data after it and its styles and image hints in the head", async () => {
      const settings = (await t().http().get('/api/settings')).body as { displayName: string };
      const res = await t().http().get('/artists');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain(`<div id="root"><div class="app"><main><h1>${settings.displayName}</h1><p>/artists 127.0.0.1 400</p></main></div></div>`);
      expect(res.text).not.toContain('Loading…');
      expect(res.text).toContain('<script type="application/json" id="server-data">{"queries":[{"status":200}]}</script>');
      expect(res.text).toContain('<noscript>');
      const head = res.text.slice(0, res.text.indexOf('</head>'));
      expect(head).toContain('<html lang="en" data-tenant="watzhott">');
      expect(head).toContain('<style>.artists{color:teal}</style><link rel="stylesheet" href="/assets/artists-1.css" disabled>');
      expect(head).toContain('<link rel="preload" as="image" href="/brand/logo.svg"/>');
      // The app's entry is preloaded, not the page's module script: the start script runs it
      // after the first frame (issue 43, app/lib/start-after-paint/).
      expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/index-1.js" data-app-entry><script>');
      expect(head).not.toContain('<script type="module"');
      // The first-tap script (issue 29) and the start script are inline in the head, and the
      // page's CSP allows exactly them by their hashes.
      const inline = [...head.matchAll(/<script>([^<]+)<\/script>/g)].map((m) => m[1]!);
      expect(inline).toEqual([FIRST_TAP_SCRIPT, START_AFTER_PAINT_SCRIPT]);
      const [tapHash, startHash] = inline.map((text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`);
      expect(String(res.headers['content-security-policy'])).toContain(`script-src 'self' ${tapHash} ${startHash} ${ADMIN_EARLY_CSP_SOURCE};`);
      // The shell's admin script does nothing on a public page: the render leaves it out.
      expect(res.text).not.toContain(ADMIN_EARLY_SCRIPT);
      // The stream's first tap, its feed and the held taps (app/lib/player/first-tap/taps-later.ts): about 0.9 KB compressed.
      expect(FIRST_TAP_SCRIPT.length).toBeLessThan(2_400);
      // The start after the first frame: about 0.4 KB compressed.
      expect(START_AFTER_PAINT_SCRIPT.length).toBeLessThan(1_000);
    });

    it("asks the API as the visitor's browser would: the tenant's host", async () => {
      const caribbean = (await t().http().get('/api/settings?tenant=caribbean')).body as { displayName: string };
      const res = await t().http().get('/artists').set('Host', 'caribbean.radio.test');
      expect(res.text).toContain(`<h1>${caribbean.displayName}</h1><p>/artists caribbean.radio.test 400</p>`);
      expect(res.text).toContain('data-tenant="caribbean"');
    });

    it('sends no validator and preloads no data or styles the page already has', async () => {
      const res = await t().http().get('/artists');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['last-modified']).toBeUndefined();
      expect(res.headers.link).toBe('</assets/framework-1.js>; rel=modulepreload, </assets/index-1.js>; rel=modulepreload, </assets/artists-1.js>; rel=modulepreload');
      // Asked again with a date: still the page, never a 304 of an older one.
      const again = await t()
        .http()
        .get('/artists')
        .set('If-Modified-Since', new Date(Date.now() + 60_000).toUTCString());
      expect(again.status).toBe(200);
    });

    it('renders the public pages that were the shell until issue 43, on both tenants', async () => {
      for (const p of ['/events', '/watch', '/sponsors', '/give', '/shop', '/privacy', '/episodes']) {
        for (const host of ['radio.test', 'caribbean.radio.test']) {
          const res = await t().http().get(p).set('Host', host);
          expect(res.text, p).toContain(`<p>${p} ${host} 400</p>`);
          expect(res.text, p).not.toContain('app-shell');
        }
      }
    });

    it('sends the shell for other pages, a failed render and a visitor saving data (Save-Data, Low Data Mode)', async () => {
      for (const [p, headers] of [
        ['/admin', {}],
        ['/admin/moderation', {}],
        ['/artists/submit', {}],
        ['/schedule', {}],
        ['/artists', { 'Save-Data': 'on' }],
        ['/artists', { Cookie: 'theme=dark; lowData=1' }],
      ] as const) {
        const res = await t().http().get(p).set(headers);
        expect(res.status, p).toBe(200);
        expect(res.text, p).toBe(INDEX);
        expect(res.headers['last-modified'], p).toBeDefined();
      }
    });

    it("keeps the shell's early admin script, which its CSP allows by its hash", async () => {
      const res = await t().http().get('/admin/moderation');
      const inline = /<script>([^<]+)<\/script>/.exec(res.text);
      expect(inline?.[1]).toBe(ADMIN_EARLY_SCRIPT);
      const hash = `'sha256-${createHash('sha256').update(inline![1]!).digest('base64')}'`;
      expect(String(res.headers['content-security-policy'])).toMatch(new RegExp(`script-src 'self' [^;]*${hash.replace(/[+/=]/g, '\\$&')}`));
      // Who is signed in, the queues, the tenant and the admin key's storage: about 0.6 KB compressed.
      expect(ADMIN_EARLY_SCRIPT.length).toBeLessThan(1_400);
    });
  },
  { appDir },
);

describeWithPeople('the server render of a moderator\'s page (docs/server-render.md, "A moderator\'s page")', (t, people) => {
  it('renders /admin/moderation as the person whose session cookie comes with it, stored by no cache', async () => {
    const maya = await people.member('Maya', 'moderator');
    const res = await t().http().get('/admin/moderation?who=1').set('Cookie', maya.cookie);
    expect(res.text).toContain('<div id="root"><main>200 Maya 401</main></div>');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['last-modified']).toBeUndefined();
    // Its data is in the page: the shell's early questions stay out.
    expect(res.text).not.toContain(ADMIN_EARLY_SCRIPT);
  });

  it('asks as nobody on a public page, a session cookie or not, and sends other admin pages as the shell', async () => {
    const maya = await people.member('Maya Two', 'moderator');
    const page = await t().http().get('/artists?who=1').set('Cookie', maya.cookie);
    expect(page.text).toContain('<div id="root"><main>401 nobody 401</main></div>');
    expect(page.headers['cache-control']).toBe('no-cache');
    for (const p of ['/admin/events?who=1', '/admin?who=1', '/admin/moderation/x?who=1']) {
      const res = await t().http().get(p).set('Cookie', maya.cookie);
      expect(res.text, p).toBe(INDEX);
    }
    // No cookie, or a session that has ended: the shell, whose gate asks who is signed in.
    expect((await t().http().get('/admin/moderation?who=1')).text).toBe(INDEX);
  });
}, { appDir });

describe('withRenderedPage', () => {
  const page = { html: '<main>Hi</main>', data: '{}' };

  it('leaves an index.html it does not recognise alone', () => {
    expect(withRenderedPage('<html><body>no root</body></html>', page, 'watzhott', '')).toBeNull();
    expect(withRenderedPage(INDEX.replace('<script type="module" crossorigin src="/assets/index-1.js"></script>', ''), page, 'watzhott', '')).toBeNull();
  });

  it('replaces the whole shell, keeping what follows the root', () => {
    const html = withRenderedPage(INDEX, page, 'watzhott', '')!;
    expect(html).toContain('<div id="root"><main>Hi</main></div><script type="application/json" id="server-data">{}</script>\n    <noscript>');
    expect(html).not.toContain('app-shell');
    expect(html.endsWith('</html>')).toBe(true);
  });
});

describe('isServerRenderedPath', () => {
  it("renders an artist's page by its id, never the submission form or another path under /artists", () => {
    expect(isServerRenderedPath('/artists/a391b366-35ad-4e76-a1f5-3c41781e1999')).toBe(true);
    expect(isServerRenderedPath('/artists/directory')).toBe(true);
    expect(isServerRenderedPath('/artists/submit')).toBe(false);
    expect(isServerRenderedPath('/artists/a391b366')).toBe(false);
    expect(isServerRenderedPath('/artists/a391b366-35ad-4e76-a1f5-3c41781e1999/x')).toBe(false);
    expect(isServerRenderedPath('/admin/events')).toBe(false);
  });

  // Issue 43: every public page works at first sight, which only a page the server rendered
  // can (docs/server-render.md "Before the app starts"). A new public route must be added to
  // SERVER_RENDERED_PATHS, or here with the reason it cannot be.
  it("renders every public route of the app's, the admin's none", () => {
    const routes = path.join(import.meta.dirname, '../../app/routes');
    const paths = fs
      .readdirSync(routes, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.tsx') && file !== '__root.tsx')
      .map((file) => '/' + file.replace(/\.tsx$/, '').replace(/(^|\/)(index|route)$/, ''))
      .map((p) => (p.length > 1 ? p.replace(/\/$/, '') : p));
    const publicPaths = paths.filter((p) => !p.startsWith('/admin')).map((p) => p.replace('$id', 'a391b366-35ad-4e76-a1f5-3c41781e1999'));
    expect(publicPaths.length).toBeGreaterThanOrEqual(16);
    expect(publicPaths.filter((p) => !isServerRenderedPath(p) && !NOT_RENDERED.has(p))).toEqual([]);
    expect(paths.filter((p) => p.startsWith('/admin') && isServerRenderedPath(p))).toEqual([]);
  });
});

/** Public pages still the app's shell, and why (docs/server-render.md). */
const NOT_RENDERED: ReadonlySet<string> = new Set([
  // Its form takes files (a track, a photo): a file picked before the app has started would
  // have to be adopted as the sponsor form adopts its fields, which is not done yet.
  '/artists/submit',
]);
