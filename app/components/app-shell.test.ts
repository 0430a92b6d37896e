import { describe, expect, it } from 'vitest';
import html from '../index.html?raw';
import { THEME_KEY } from '../lib/theme';
import { NAV_LINKS } from './layout';

/** The bodies of index.html's inline scripts (those without a src). */
const inlineScripts = () => [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter((m) => !/\bsrc\s*=/i.test(m[1] ?? '')).map((m) => m[2] ?? '');

// index.html paints a copy of the layout's header before any script runs; if the two drift
// apart, the page jumps when the app replaces it, or the shell links lead somewhere else.

describe('the app shell in index.html', () => {
  it('lists the same navigation links, in the same order, as the layout', () => {
    const list = /<ul class="nav-links">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '';
    const links = [...list.matchAll(/<a href="([^"]+)">([^<]+)<\/a>/g)].map((m) => ({ to: m[1], label: m[2] }));
    expect(links).toEqual(NAV_LINKS.map(({ to, label }) => ({ to, label })));
  });

  it('uses the layout and now-playing bar classes, and one inline script: the saved theme', () => {
    for (const cls of ['app', 'site-header', 'container-fluid', 'brand', 'nav-desktop', 'nav-mobile', 'menu-button', 'container', 'np-bar', 'live-badge']) {
      expect(html, cls).toMatch(new RegExp(`class="[^"]*\\b${cls}\\b`));
    }
    expect(html).toContain('<main id="main" class="container">');
    // The Content-Security-Policy allows it by its hash (server/http/security-headers.ts).
    expect(inlineScripts()).toHaveLength(1);
  });

  it('applies a saved light or dark choice as theme.ts does, before the shell paints, and nothing else', () => {
    const [code] = inlineScripts();
    const run = (stored: string | null | Error) => {
      const dataset: Record<string, string> = {};
      const localStorage = {
        getItem: (key: string) => {
          if (stored instanceof Error) throw stored;
          return key === THEME_KEY ? stored : null;
        },
      };
      new Function('localStorage', 'document', code!)(localStorage, { documentElement: { dataset } });
      return dataset;
    };
    expect(run('dark')).toEqual({ theme: 'dark' });
    expect(run('light')).toEqual({ theme: 'light' });
    for (const stored of [null, 'purple', new Error('storage is off')]) expect(run(stored)).toEqual({});
  });
});
