import { describe, expect, it } from 'vitest';
import html from './index.html?raw';
import { NAV_LINKS } from './layout';

// index.html paints a copy of the layout's header before any script runs; if the two drift
// apart, the page jumps when the app replaces it, or the shell links lead somewhere else.

/** public/'s files, by path from here (Vite's glob: nothing is loaded). */
const PUBLIC_FILES = import.meta.glob('../public/**/*.{png,svg,ico}');

describe('the app shell in index.html', () => {
  it('lists the same navigation links, in the same order, as the layout', () => {
    const list = /<ul class="nav-links">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '';
    const links = [...list.matchAll(/<a href="([^"]+)">([^<]+)<\/a>/g)].map((m) => ({ to: m[1], label: m[2] }));
    expect(links).toEqual(NAV_LINKS.map(({ to, label }) => ({ to, label })));
  });

  it('uses the layout and now-playing bar classes, and no inline script (CSP script-src self)', () => {
    for (const cls of ['app', 'site-header', 'container-fluid', 'brand', 'nav-desktop', 'nav-mobile', 'menu-button', 'container', 'np-bar', 'live-badge']) {
      expect(html, cls).toMatch(new RegExp(`class="[^"]*\\b${cls}\\b`));
    }
    expect(html).toContain('<main id="main" class="container">');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it("names a raster tab icon that public/ holds, not an SVG (docs/performance.md, 'Time to first sound')", () => {
    // Chromium fetches the tab icon itself, several times in a page's first seconds, and draws an
    // SVG one as a whole SVG document on the page's own main thread each time (40-60 ms at a
    // low-tier phone's CPU, as the first tap waits); a PNG is decoded off it.
    const icons = [...html.matchAll(/<link rel="icon" href="([^"]+)"[^>]*>/g)].map((m) => m[1]);
    expect(icons.length).toBeGreaterThan(0);
    for (const href of icons) {
      expect(href).toMatch(/\.png$/);
      expect(Object.keys(PUBLIC_FILES), href).toContain(`../public${href}`);
    }
  });
});
