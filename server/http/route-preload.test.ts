import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pageDataPreloads, routePreloads, routeStyles } from './route-preload';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'radio-preload-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
fs.mkdirSync(path.join(dir, '.vite'));
// The shape Vite writes (build.manifest) with TanStack Router's split route chunks.
fs.writeFileSync(
  path.join(dir, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_framework-1.js'], css: ['assets/index-1.css'] },
    '_framework-1.js': { file: 'assets/framework-1.js' },
    '_cards-1.js': { file: 'assets/cards-1.js', imports: ['_framework-1.js'], css: ['assets/cards-1.css'] },
    'routes/index.tsx?tsr-split=component': { file: 'assets/routes-1.js', imports: ['index.html', '_framework-1.js'] },
    'routes/artists/index.tsx?tsr-split=component': { file: 'assets/artists-1.js', imports: ['index.html', '_cards-1.js'] },
    'routes/artists/$id.tsx?tsr-split=component': { file: 'assets/id-1.js', imports: ['_cards-1.js'] },
    'routes/artists/submit.tsx?tsr-split=component': { file: 'assets/submit-1.js', imports: ['index.html'] },
    // A page whose loader travels with its component (scripts/route-tree-options.mjs).
    'routes/schedule.tsx?tsr-split=component---loader': { file: 'assets/schedule-1.js', imports: ['index.html', '_cards-1.js'] },
    'routes/artists/index.tsx?tsr-split=errorComponent': { file: 'assets/artists-err.js' },
    // A page whose loader and error state travel with its component (scripts/route-tree-options.mjs).
    'routes/events.tsx?tsr-split=component---errorComponent---loader': { file: 'assets/events-1.js', imports: ['index.html', '_cards-1.js'] },
    // A layout route (routes/admin/route.tsx: the admin gate) and a page under it.
    'routes/admin/route.tsx?tsr-split=component---errorComponent---loader': { file: 'assets/route-1.js', imports: ['index.html', '_session-1.js'] },
    '_session-1.js': { file: 'assets/session-1.js' },
    'routes/admin/moderation.tsx?tsr-split=component---errorComponent---loader': { file: 'assets/moderation-1.js', imports: ['index.html', '_session-1.js'] },
  }),
);

describe('routePreloads', () => {
  const all = routePreloads(dir);
  // Every header starts with the entry's scripts, the framework first (asserted on its own below).
  const SHELL = '</assets/framework-1.js>; rel=modulepreload, </assets/index-1.js>; rel=modulepreload';
  const linkFor: typeof all = (urlPath, options) => {
    const link = all(urlPath, options);
    if (link === null) return null;
    expect(link.startsWith(SHELL + ', ')).toBe(true);
    return link.slice(SHELL.length + 2);
  };

  it("names the entry's scripts first, what it imports before the entry, so a page's own chunks do not go before the framework", () => {
    expect(all('/')).toBe(`${SHELL}, </assets/routes-1.js>; rel=modulepreload`);
  });

  it('names the chunk of the layout a page is under (the admin gate) before the page, and not elsewhere', () => {
    expect(linkFor('/admin/moderation', { styles: false })).toBe(
      '</assets/route-1.js>; rel=modulepreload, </assets/session-1.js>; rel=modulepreload, </assets/moderation-1.js>; rel=modulepreload',
    );
    expect(linkFor('/artists', { styles: false })).not.toContain('route-1.js');
    expect(linkFor('/administrators')).toBeNull();
  });

  it("names the page's chunk and what it imports beyond the entry, never the entry's own files", () => {
    expect(linkFor('/')).toBe('</assets/routes-1.js>; rel=modulepreload');
    expect(linkFor('/artists')).toBe('</assets/artists-1.js>; rel=modulepreload, </assets/cards-1.js>; rel=modulepreload, </assets/cards-1.css>; rel=preload; as=style; crossorigin');
    expect(linkFor('/artists/')).toContain('artists-1.js');
    // A page the server rendered carries its styles.
    expect(linkFor('/artists', { styles: false })).toBe('</assets/artists-1.js>; rel=modulepreload, </assets/cards-1.js>; rel=modulepreload');
  });

  it('matches parameters, with literal segments first', () => {
    expect(linkFor('/artists/abc-123')).toContain('</assets/id-1.js>');
    expect(linkFor('/artists/submit')).toBe('</assets/submit-1.js>; rel=modulepreload');
  });

  it('names the chunk of a page whose loader is split with its component', () => {
    expect(linkFor('/schedule', { styles: false })).toBe('</assets/schedule-1.js>; rel=modulepreload, </assets/cards-1.js>; rel=modulepreload');
    expect(linkFor('/events', { styles: false })).toBe('</assets/events-1.js>; rel=modulepreload, </assets/cards-1.js>; rel=modulepreload');
  });

  it('adds nothing for other paths or without a build', () => {
    expect(linkFor('/no-such-page')).toBeNull();
    expect(linkFor('/artists/a/b')).toBeNull();
    expect(routePreloads(path.join(dir, 'missing'))('/')).toBeNull();
    expect(routePreloads(null)('/')).toBeNull();
  });
});

describe('routeStyles', () => {
  it("inlines a page's own styles, never the entry's, each named by a disabled link the app's loader finds", () => {
    fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'assets', 'cards-1.css'), '.card{color:red}');
    expect(routeStyles(dir)('/artists')).toBe('<style>.card{color:red}</style><link rel="stylesheet" href="/assets/cards-1.css" disabled>');
    expect(routeStyles(dir)('/')).toBe('');
    expect(routeStyles(null)('/artists')).toBe('');
  });
});

describe('page data preloads', () => {
  it('names the settings and now playing on every public page, and a list page its list, as the API client asks for them', () => {
    expect(pageDataPreloads('/', 'watzhott')).toBe(
      '</api/settings>; rel=preload; as=fetch; crossorigin=use-credentials, </api/np>; rel=preload; as=fetch; crossorigin=use-credentials',
    );
    expect(pageDataPreloads('/artists', 'watzhott')).toContain('</api/artists?approved=true>; rel=preload; as=fetch; crossorigin=use-credentials');
    expect(pageDataPreloads('/schedule', 'caribbean')).toBe(
      [
        '</api/settings?tenant=caribbean>; rel=preload; as=fetch; crossorigin=use-credentials',
        '</api/np?tenant=caribbean>; rel=preload; as=fetch; crossorigin=use-credentials',
        '</api/shows?tenant=caribbean>; rel=preload; as=fetch; crossorigin=use-credentials',
      ].join(', '),
    );
    expect(pageDataPreloads('/artists/submit', 'watzhott')).not.toContain('/api/artists');
  });

  it('leaves admin screens alone: they ask with the key', () => {
    expect(pageDataPreloads('/admin', 'watzhott')).toBe('');
    expect(pageDataPreloads('/admin/settings', 'caribbean')).toBe('');
  });
});
